/**
 * Pieces of the API sweep (api-sweep.test.ts): the operations read from /openapi.json, a seeded
 * PRNG, bad-input generators driven by each operation's schema, the response checks, and the
 * real objects a tenant creates so the cross-tenant sweep has ids to aim at.
 */
import { callApp, type TestTenant } from "../helpers.ts";
import { app as automationApp, SCRIPT } from "../automation/agents.fixtures.ts";

// deno-lint-ignore no-explicit-any
export type Schema = any;

export interface Param {
  name: string;
  in: string;
  schema?: Schema;
  required?: boolean;
}

export interface Operation {
  method: string;
  path: string;
  id: string;
  params: Param[];
  /** The request body's media type and schema, if the operation takes one. */
  body?: { type: string; schema: Schema };
  streaming: boolean;
}

/** Every operation of the spec, $refs of bodies resolved against components. */
export async function operations(): Promise<{ ops: Operation[]; resolve: (s: Schema) => Schema }> {
  const spec = await (await callApp("/openapi.json")).json();
  const resolve = (s: Schema): Schema =>
    s?.$ref ? resolve(spec.components.schemas[s.$ref.split("/").pop()]) : s;
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries<Record<string, Schema>>(spec.paths)) {
    for (const [method, op] of Object.entries<Schema>(item)) {
      const content = op.requestBody?.content ?? {};
      const type = Object.keys(content)[0];
      const responses = Object.values<Schema>(op.responses ?? {});
      ops.push({
        method: method.toUpperCase(),
        path,
        id: op.operationId ?? `${method} ${path}`,
        params: (op.parameters ?? []).map((p: Schema) => ({ ...p, schema: resolve(p.schema) })),
        body: type ? { type, schema: resolve(content[type].schema) } : undefined,
        streaming: responses.some((r) => "text/event-stream" in (r.content ?? {})),
      });
    }
  }
  return { ops, resolve };
}

/** mulberry32: small, seeded, good enough to make the same junk on every run. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)];
  const uuid = () =>
    Array.from({ length: 32 }, (_, i) => (i === 12 ? "7" : i === 16 ? "8" : int(16).toString(16)))
      .join("").replace(/^(.{8})(.{4})(.{4})(.{4})/, "$1-$2-$3-$4-");
  return { next, int, pick, uuid };
}
export type Rng = ReturnType<typeof prng>;

const INJECTIONS = [
  "'; drop table x; --",
  '" or 1=1 --',
  "<script>alert(1)</script>",
  "${7*7}{{7*7}}",
  "\\u0000",
  "%00",
  "../../../etc/passwd",
  "ğüşİıçö 💥 \u202e",
];

/** A path segment that is wrong in some interesting way (already URL-encoded where needed). */
export function badSegment(r: Rng): string {
  return r.pick([
    () => r.uuid(),
    () => "00000000-0000-0000-0000-000000000000",
    () => r.int(2 ** 31).toString(36),
    () => "x".repeat(2000 + r.int(3000)),
    () => "..%2F..%2Fadmin",
    () => "..",
    () => "%00",
    () => encodeURIComponent("ğüş💥"),
    () => encodeURIComponent(r.pick(INJECTIONS)),
    () => String(-1 - r.int(1000)),
    () => "99999999999999999999999",
    () => "1e309",
    () => "NaN",
    () => "%ZZ",
  ])();
}

/** A query value of the wrong type or an absurd size. */
export function badQuery(r: Rng): string {
  return r.pick([
    "-1",
    "0",
    "99999999999",
    "1.5",
    "1e400",
    "",
    "abc",
    "true",
    "null",
    "[]",
    "!!!not-a-cursor!!!",
    btoa('{"id":"x","at":"never"}'),
    btoa(String.fromCharCode(...Array.from({ length: 40 }, () => r.int(256)))),
    "2026-13-45T99:99:99Z",
    "x".repeat(5000),
    ...INJECTIONS,
  ]);
}

/**
 * A plausible value for a schema (so other fields pass validation and one bad field is seen);
 * `minimal` leaves optional properties out.
 */
export function sample(
  s: Schema,
  resolve: (s: Schema) => Schema,
  r: Rng,
  depth = 0,
  minimal = false,
): unknown {
  s = resolve(s) ?? {};
  if (s.enum) return r.pick(s.enum);
  const union = s.anyOf ?? s.oneOf;
  if (union) return sample(union.find((x: Schema) => x.type !== "null") ?? union[0], resolve, r);
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== "null") : s.type;
  if (type === "object" || s.properties) {
    if (depth > 4) return {};
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries<Schema>(s.properties ?? {})) {
      if (minimal && !(s.required ?? []).includes(k)) continue;
      out[k] = /locale|language/i.test(k) ? "en" : sample(v, resolve, r, depth + 1, minimal);
    }
    return out;
  }
  if (type === "array") {
    return depth > 4 || minimal ? [] : [sample(s.items, resolve, r, depth + 1)];
  }
  if (type === "integer" || type === "number") return s.minimum ?? 1;
  if (type === "boolean") return true;
  if (s.format === "uuid") return r.uuid();
  if (s.format === "date-time") return "2026-01-02T03:04:05Z";
  if (s.format === "date") return "2026-01-02";
  if (s.format === "email") return "someone@example.test";
  if (s.format === "uri" || s.format === "url") return "https://example.test/x";
  return "sweep-" + r.int(1e6).toString(36);
}

const JUNK: unknown[] = [
  null,
  -1,
  1e308,
  "",
  true,
  [],
  {},
  [[[[[]]]]],
  { $where: "1" },
  { __proto__: { admin: true } },
  "x".repeat(70_000),
  ...INJECTIONS,
];

/** A bad or edge body for the schema: [raw text or value, content type]. */
export function badBody(s: Schema, resolve: (s: Schema) => Schema, r: Rng): unknown {
  const base = sample(s, resolve, r, 0, r.next() < 0.5);
  const obj = base && typeof base === "object" && !Array.isArray(base)
    ? base as Record<string, unknown>
    : {};
  const keys = Object.keys(obj);
  const required: string[] = resolve(s)?.required ?? [];
  return r.pick([
    () => base,
    () => ({}),
    () => "",
    () => '{"unterminated": ',
    () => "null",
    () => [base],
    () => ({ ...obj, unexpected: r.pick(JUNK), constructor: { prototype: 1 } }),
    () => {
      const copy = { ...obj };
      delete copy[required.length ? r.pick(required) : keys[0] ?? "x"];
      return copy;
    },
    () => (keys.length ? { ...obj, [r.pick(keys)]: r.pick(JUNK) } : r.pick(JUNK)),
    () => Object.fromEntries(keys.map((k) => [k, r.pick(JUNK)])),
    () => JSON.stringify(obj).slice(0, -1) + ",}",
    () => ({ deep: JSON.parse("[".repeat(500) + "]".repeat(500)) }),
  ])();
}

/** What is wrong with a response, or null: no 5xx, every 4xx an RFC 9457 problem. */
export async function verdict(res: Response): Promise<string | null> {
  const text = await res.text();
  const excerpt = text.replace(/\s+/g, " ").slice(0, 160);
  if (res.status >= 500) return `${res.status} ${excerpt}`;
  if (/\bat .*\.(ts|js|tsx):\d+|syntax error at or near|PostgresError/i.test(text)) {
    return `${res.status} leaks internals: ${excerpt}`;
  }
  if (res.status < 400) return null;
  const type = res.headers.get("content-type") ?? "";
  if (!type.startsWith("application/problem+json")) {
    return `${res.status} not problem+json (${type}): ${excerpt}`;
  }
  try {
    const body = JSON.parse(text);
    if (body.status !== res.status || typeof body.title !== "string") {
      return `${res.status} malformed problem: ${excerpt}`;
    }
  } catch {
    return `${res.status} problem body is not JSON: ${excerpt}`;
  }
  return null;
}

async function created(res: Response, what: string) {
  const text = await res.text();
  if (res.status < 200 || res.status > 202) {
    throw new Error(`seeding ${what}: ${res.status} ${text}`);
  }
  return JSON.parse(text);
}

/** Real objects of one tenant, created through the API; keyed by what they are. */
export async function seedObjects(t: TestTenant): Promise<Record<string, string>> {
  await automationApp(); // the secrets key, which agents need
  const call = (method: string, path: string, body: unknown, what: string) =>
    t.owner.call(method, path, body).then((res) => created(res, what));
  const customer = await call("POST", "/api/support/customers", { name: "Acme" }, "customer");
  const ticket = await call("POST", "/api/support/support-ticket", {
    subject: "Secret A ticket",
    customerId: customer.id,
  }, "ticket");
  const project = await call("POST", "/api/projects/projects", { name: "Secret A" }, "project");
  const task = await call("POST", "/api/projects/tasks", {
    projectId: project.id,
    title: "Secret A task",
  }, "project task");
  const folder = await call("POST", "/api/documents/folders", { name: "Secret A" }, "folder");
  const agent = await call("POST", "/api/automation/agents", {
    name: "secret-a-agent",
    kind: "script",
    code: SCRIPT,
  }, "agent");
  const job = await call("POST", "/api/automation/jobs", {
    name: "secret-a-job",
    agentId: agent.id,
    triggerKind: "manual",
  }, "job");
  const run = await call("POST", `/api/automation/jobs/${job.id}/run`, {}, "run");
  const xml = await Deno.readTextFile(
    new URL("../workflow/fixtures/approval.bpmn", import.meta.url),
  );
  const definition = await call("POST", "/api/workflow/admin/process", {
    xml,
    deploy: true,
  }, "definition");
  const instance = await call("POST", "/api/workflow/process", {
    definitionId: definition.id,
    variables: { amount: 10 },
  }, "instance");
  const wfTask = await call("POST", "/api/workflow/tasks", {
    name: "Secret A approval",
    assignee: t.owner.id,
  }, "workflow task");
  await call("PUT", "/api/workflow/globals/secretA", { value: 1 }, "global").catch(() => null);
  // Workflow 2 objects are named by keys chosen per tenant: unique ones, so that B aiming at
  // A's key can only ever find A's object (a 2xx would be a leak, not B's own namesake).
  const tag = crypto.randomUUID().slice(0, 8).replace(/-/g, "");
  const modelKey = `sweep_model_${tag}`;
  await call("POST", "/api/workflow/data-models", {
    key: modelKey,
    name: "Secret A model",
    fields: [{ name: "title", label: "Title", type: "text", required: true }],
  }, "data model");
  const record = await call("POST", `/api/workflow/data-models/${modelKey}/records`, {
    data: { title: "Secret A record" },
  }, "record");
  const queryKey = `sweep_query_${tag}`;
  await call("POST", "/api/workflow/data-queries", {
    key: queryKey,
    name: "Secret A query",
    source: "records",
    model: modelKey,
    definition: { columns: ["title"] },
  }, "data query");
  const formKey = `sweep_form_${tag}`;
  await call("POST", `/api/workflow/forms/${formKey}/versions`, {
    name: "Secret A form",
    schema: {
      type: "default",
      components: [{ type: "textfield", key: "title", label: "Title" }],
    },
  }, "form");
  const decisionKey = `sweep_decision_${tag}`;
  await call("POST", "/api/workflow/decisions", {
    xml: `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/" id="d_${tag}" name="Secret A"
  namespace="urn:sweep">
  <decision id="${decisionKey}" name="Secret A decision">
    <decisionTable id="t_${tag}" hitPolicy="FIRST">
      <input id="i_${tag}" label="Amount"><inputExpression id="e_${tag}" typeRef="number">
        <text>amount</text></inputExpression></input>
      <output id="o_${tag}" label="Level" name="level" typeRef="string" />
      <rule id="r_${tag}"><inputEntry id="ie_${tag}"><text>-</text></inputEntry>
        <outputEntry id="oe_${tag}"><text>"low"</text></outputEntry></rule>
    </decisionTable>
  </decision>
</definitions>`,
  }, "decision");
  const report = await call("POST", "/api/workflow/reports", {
    name: "Secret A report",
    source: { kind: "standard", key: "cycle-time" },
    chart: { type: "bar", x: "definition" },
  }, "report");
  return {
    customer: customer.id,
    ticket: ticket.id,
    project: project.id,
    task: task.id,
    folder: folder.id,
    agent: agent.id,
    job: job.id,
    run: run.runId,
    definition: definition.id,
    instance: instance.id,
    wfTask: wfTask.id,
    user: t.owner.id,
    tenant: t.id,
    modelKey,
    record: record.id,
    queryKey,
    formKey,
    decisionKey,
    report: report.id,
  };
}
