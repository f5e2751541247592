import type { AgentRecord } from "../common/common.schemas.ts";
import { HttpConfig, type KindDef } from "./kinds.schemas.ts";
import { KIND_LOOK } from "./kinds.lib.ts";
import { fillTemplate } from "./kinds.template.lib.ts";

/** Response headers worth keeping in a run's result (never cookies). */
const KEEP_HEADERS = ["content-type", "content-length", "location", "etag", "retry-after"];
const BODY_CAP = 64 * 1024;

const stripLines = (s: string) => s.replace(/[\r\n]+/g, " ");

/**
 * The request with the input filled in. `{{env.X}}` stays a placeholder: the generated code
 * reads the value inside the sandbox, so secrets are never part of the code or the run's record.
 */
export function renderRequest(config: HttpConfig, input: unknown) {
  const vars = { input };
  return {
    method: config.method,
    url: fillTemplate(config.url, vars, encodeURIComponent),
    headers: Object.fromEntries(
      Object.entries(config.headers ?? {}).map(([k, v]) => [k, fillTemplate(v, vars, stripLines)]),
    ),
    body: config.body === undefined ? null : fillTemplate(config.body, vars),
    expected: config.expectedStatus === undefined ? null : [config.expectedStatus].flat(),
    timeoutMs: config.timeoutMs ?? 30_000,
  };
}

/**
 * Sandbox code doing one fetch, so the tenant's allowlist and the private-range deny apply to
 * it like to any script. The request is embedded as a JSON literal (no code from config).
 */
export function httpCode(request: ReturnType<typeof renderRequest>): string {
  return `const REQ = ${JSON.stringify(request)};
const KEEP = ${JSON.stringify(KEEP_HEADERS)};
const CAP = ${BODY_CAP};
function envValue(ctx, name) {
  const v = ctx.env && ctx.env[name];
  if (typeof v === "string") return v;
  try { return Deno.env.get(name) ?? ""; } catch { return ""; }
}
const withEnv = (ctx, s, encode) =>
  s.replace(/\\{\\{\\s*env\\.([A-Z_][A-Z0-9_]*)\\s*\\}\\}/g, (_, n) => encode(envValue(ctx, n)));
const log = (ctx, text) => (ctx.log && ctx.log.info ? ctx.log.info(text) : console.log(text));
export default async function (ctx) {
  const url = new URL(withEnv(ctx, REQ.url, encodeURIComponent));
  const headers = {};
  for (const [k, v] of Object.entries(REQ.headers)) {
    headers[k] = withEnv(ctx, v, (s) => s.replace(/[\\r\\n]+/g, " "));
  }
  const body = REQ.body === null ? undefined : withEnv(ctx, REQ.body, (s) => s);
  const where = REQ.method + " " + url.origin + url.pathname;
  log(ctx, where);
  const res = await fetch(url, { method: REQ.method, headers, body, signal: AbortSignal.timeout(REQ.timeoutMs) });
  const text = REQ.method === "HEAD" ? "" : await res.text();
  let parsed;
  try { parsed = JSON.parse(text); } catch { parsed = text.length > CAP ? text.slice(0, CAP) + "..." : text; }
  if (text.length > CAP && typeof parsed !== "string") parsed = text.slice(0, CAP) + "...";
  const ok = REQ.expected ? REQ.expected.includes(res.status) : res.status >= 200 && res.status < 300;
  log(ctx, where + " -> " + res.status);
  if (!ok) throw new Error("unexpected status " + res.status + " from " + where);
  const kept = {};
  for (const h of KEEP) { const v = res.headers.get(h); if (v !== null) kept[h] = v; }
  return { status: res.status, headers: kept, body: parsed };
}
`;
}

/** An HTTP request described by configuration, done from the sandbox. */
export const httpKind: KindDef<HttpConfig> = {
  kind: "http",
  labelKey: KIND_LOOK.http.labelKey,
  icon: KIND_LOOK.http.icon,
  configSchema: HttpConfig,
  usesCode: false,
  plan: (agent: AgentRecord, input: unknown) => ({
    mode: "sandbox",
    code: httpCode(renderRequest(HttpConfig.parse(agent.config), input)),
  }),
};
