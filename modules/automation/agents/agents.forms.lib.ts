/**
 * Reading the agent page forms into API input: the kind forms (http, platform, email) become
 * their config; JSON fields are parsed with a 400 naming the field.
 */
import { type Form, many, one } from "../common/common.lib.ts";
import { problems } from "../../../shared/http/problem.ts";
import type { AgentKind } from "../common/common.schemas.ts";

export function jsonField(form: Form, name: string): Record<string, unknown> {
  const raw = one(form[name]);
  if (!raw) return {};
  try {
    const v = JSON.parse(raw);
    if (v && typeof v === "object" && !Array.isArray(v)) return v;
  } catch { /* below */ }
  throw problems.validation([{ path: name, message: "Not a JSON object" }]);
}

/** `Name: value` per line. */
function headerLines(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const at = line.indexOf(":");
    if (at < 1) {
      throw problems.validation([{
        path: "headers",
        message: `Not "Name: value": ${line.trim().slice(0, 60)}`,
      }]);
    }
    out[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return out;
}

/** The config of a built-in kind from its form. */
export function kindConfig(kind: AgentKind, form: Form): Record<string, unknown> {
  if (kind === "script") return jsonField(form, "config");
  if (kind === "http") {
    const statuses = one(form.expectedStatus).split(/[\s,]+/).filter(Boolean).map(Number);
    const timeout = one(form.timeoutSeconds);
    const body = typeof form.body === "string" ? form.body : "";
    return {
      method: one(form.method) || "GET",
      url: one(form.url),
      headers: headerLines(typeof form.headers === "string" ? form.headers : ""),
      ...(body.trim() ? { body } : {}),
      ...(statuses.length ? { expectedStatus: statuses } : {}),
      ...(timeout ? { timeoutMs: Math.round(Number(timeout) * 1000) } : {}),
    };
  }
  if (kind === "platform") {
    return { operation: one(form.operation), input: jsonField(form, "input") };
  }
  return {
    to: many(typeof form.to === "string" ? form.to.split(/\r?\n/) : form.to),
    subject: one(form.subject),
    body: typeof form.body === "string" ? form.body : "",
  };
}
