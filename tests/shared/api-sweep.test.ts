/**
 * Sweeps every operation of /openapi.json (issue 18), so a new module is covered the day it
 * lands:
 * - fuzz: seeded bad and edge inputs (path, query, body) as owner, member and anonymous;
 *   no 5xx, every 4xx an application/problem+json with status and title;
 * - cross-tenant: tenant B's owner aims every operation with a path parameter at tenant A's
 *   real objects; never a 2xx, and A's objects read back unchanged.
 */
import assert from "node:assert/strict";
import { callApp, type Caller, itest, newTenant, type TestTenant } from "../helpers.ts";
import {
  badBody,
  badQuery,
  badSegment,
  type Operation,
  operations,
  prng,
  type Rng,
  sample,
  seedObjects,
  verdict,
} from "./api-sweep.fixtures.ts";

const SEED = Number(Deno.env.get("SWEEP_SEED") ?? 18);
const MIN_REQUESTS = 2000;
const PER_OPERATION = 24;
const BUDGET_MS = 60_000;
const REQUEST_TIMEOUT_MS = 10_000;

/** Operations the fuzz leaves alone: they would end or change the sweep's own session. */
const SKIP: Record<string, string> = {
  logout: "revokes the owner's token the rest of the sweep uses",
  changePassword: "a valid-looking body would change the owner's password",
  switchTenant: "revokes the caller's current token when it issues the new one",
  suspendTenant: "could lock the sweep's tenant out",
};

/** Findings that cannot be fixed in this change: "operationId" → reason (keep empty if possible). */
const KNOWN: Record<string, string> = {};

/** Cross-tenant 2xx that are not leaks: the call does not touch the id's object. */
const NOT_A_LEAK: Record<string, string> = {
  putWorkflowGlobal: "globals are named per tenant: B writes its own global of that name",
  deleteWorkflowGlobal: "globals are named per tenant: B deletes its own global of that name",
};

const interleave = (a: number, b: number) => (a * 2654435761 + b) >>> 0;

function withTimeout(p: Promise<Response>): Promise<Response> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<Response>((_, reject) => {
    timer = setTimeout(() => reject(new Error("no answer in time")), REQUEST_TIMEOUT_MS);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/** Sends a raw or JSON body with the operation's media type (multipart gets junk, on purpose). */
function send(
  who: Caller | null,
  op: Operation,
  path: string,
  body: unknown,
  extra: Record<string, string> = {},
) {
  const headers: Record<string, string> = { ...extra };
  let raw: string | undefined;
  if (op.body && body !== undefined) {
    raw = typeof body === "string" ? body : JSON.stringify(body);
    headers["Content-Type"] = op.body.type === "multipart/form-data"
      ? "multipart/form-data; boundary=sweep"
      : op.body.type;
  }
  return withTimeout(callApp(path, { method: op.method, body: raw, token: who?.token, headers }));
}

type Mode = "path" | "query" | "body";

/** A request that is wrong in one place (mode); elsewhere it names real objects of the tenant. */
function fuzzRequest(op: Operation, r: Rng, mode: Mode, ids: Record<string, string>) {
  let path = op.path.replace(
    /\{(\w+)\}/g,
    (_, name: string) => mode === "path" ? badSegment(r) : r.pick(candidates(op, name, ids)),
  );
  const query = new URLSearchParams();
  for (const p of op.params.filter((p) => p.in === "query")) {
    if (mode !== "query") continue;
    if (r.next() < 0.6) query.append(p.name, badQuery(r));
    if (r.next() < 0.1) query.append(p.name, badQuery(r)); // the same key twice
  }
  if (mode === "query" && r.next() < 0.2) query.append("limit", r.pick(["-5", "1e9", "abc"]));
  if (query.size) path += "?" + query;
  return path;
}

function table(rows: string[]) {
  return rows.map((row, i) => `${String(i + 1).padStart(3)}. ${row}`).join("\n");
}

itest("sweep verdict: flags 5xx, non-problem 4xx and malformed problems", async () => {
  const problem = (status: number, body: unknown, type = "application/problem+json") =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": type } });
  assert.equal(await verdict(problem(404, { status: 404, title: "Not Found" })), null);
  assert.equal(await verdict(new Response("ok")), null);
  assert.match(String(await verdict(problem(500, { status: 500, title: "x" }))), /^500/);
  assert.match(String(await verdict(problem(400, {}, "text/plain"))), /not problem\+json/);
  assert.match(String(await verdict(problem(409, { status: 400, title: "x" }))), /malformed/);
  assert.match(String(await verdict(problem(400, { detail: "at f (x.ts:3:4)" }))), /internals/);
});

itest(
  "fuzz: every operation of /openapi.json answers bad input with 4xx problem+json",
  async () => {
    const { ops, resolve } = await operations();
    const t = await newTenant();
    const member = await t.member(["viewer"]);
    // User ids name the viewer, never the owner: updateUser must not lock the sweep's owner out.
    const ids = { ...await seedObjects(t), user: member.id };
    const targets = ops.filter((op) => !op.streaming && !(op.id in SKIP));
    const failures: string[] = [];
    const known: string[] = [];
    const started = Date.now();
    let sent = 0;
    const statuses: Record<number, number> = {};
    for (let round = 0; round < PER_OPERATION; round++) {
      if (Date.now() - started > BUDGET_MS) break;
      for (const [i, op] of targets.entries()) {
        const rr = prng(interleave(SEED + round, i));
        const dice = rr.next();
        const who = dice < 0.08 ? null : dice < 0.2 ? member : t.owner;
        const modes: Mode[] = ["body", "body", "query", "path"];
        const mode = rr.pick(modes.filter((m) => m !== "path" || op.path.includes("{")));
        const path = fuzzRequest(op, rr, mode, ids);
        const headers = mode !== "query" ? {} : Object.fromEntries(
          op.params.filter((p) => p.in === "header")
            .map((p) => [p.name, encodeURIComponent(badQuery(rr)).slice(0, 4000)]),
        );
        const body = !op.body
          ? undefined
          : mode === "body"
          ? badBody(op.body.schema, resolve, rr)
          : sample(op.body.schema, resolve, rr);
        let problemText: string | null;
        try {
          const res = await send(who, op, path, body, headers);
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          problemText = await verdict(res);
        } catch (e) {
          problemText = `no response: ${(e as Error).message}`;
        }
        sent++;
        if (problemText) {
          const line = `${op.method} ${path.slice(0, 120)} as ${
            who === null ? "anonymous" : who === member ? "viewer" : "owner"
          } → ${problemText}`;
          (op.id in KNOWN ? known : failures).push(`[${op.id}] ${line}`);
        }
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `fuzz: ${sent} requests over ${targets.length}/${ops.length} operations in ${seconds}s ` +
        `(skipped: ${ops.length - targets.length}), ${failures.length} failures, ` +
        `${known.length} known; statuses ${JSON.stringify(statuses)}`,
    );
    if (known.length) console.log("known findings:\n" + table(known));
    if (failures.length) console.log("fuzz failures:\n" + table(failures));
    assert.equal(failures.length, 0, `${failures.length} fuzz failures (table above)`);
    assert.ok(sent >= MIN_REQUESTS, `only ${sent} requests sent in the time budget`);
  },
);

/** Which of A's objects a path parameter most likely names (else: try them all). */
function candidates(op: Operation, param: string, a: Record<string, string>): string[] {
  const p = op.path;
  if (param === "tenantId") return [a.tenant];
  if (param === "userId") return [a.user];
  if (param === "version") return ["1"];
  if (param === "name" && p.includes("/workflow/globals")) return ["secretA"];
  if (param === "locale") return ["tr"];
  if (param === "key") {
    const keyed: [RegExp, string][] = [
      [/\/data-models\//, a.modelKey],
      [/\/data-queries\//, a.queryKey],
      [/\/forms\//, a.formKey],
      [/\/decisions\//, a.decisionKey],
    ];
    return [keyed.find(([re]) => re.test(p))?.[1] ?? "sweep.key"];
  }
  if (param === "name") return ["SWEEP_ENV"];
  if (param === "jobId") return [a.job];
  if (param === "definitionId") return [a.definition];
  const guesses: [RegExp, string[]][] = [
    [/admin\/tenants/, [a.tenant]],
    [/admin\/users/, [a.user]],
    [/automation\/runs/, [a.run]],
    [/support-ticket/, [a.ticket]],
    [/support\/customers/, [a.customer]],
    [/projects\/projects/, [a.project]],
    [/projects\/tasks/, [a.task]],
    [/documents\/folders|documents\/trash/, [a.folder]],
    [/automation\/agents/, [a.agent]],
    [/automation\/jobs/, [a.job]],
    [/workflow\/admin\/process/, [a.definition]],
    [/workflow\/process/, [a.instance]],
    [/workflow\/tasks/, [a.wfTask]],
    [/workflow\/data-models\/\{key\}\/records/, [a.record]],
    [/workflow\/reports/, [a.report]],
  ];
  const hit = guesses.find(([re]) => re.test(p));
  return hit && param === "id" ? hit[1] : Object.values(a);
}

/** Reads A's objects as A: the fields a foreign call must not change. */
async function snapshot(a: TestTenant, ids: Record<string, string>) {
  const reads: Record<string, string> = {
    ticket: `/api/support/support-ticket/${ids.ticket}`,
    customer: `/api/support/customers/${ids.customer}`,
    project: `/api/projects/projects/${ids.project}`,
    task: `/api/projects/tasks/${ids.task}`,
    folder: `/api/documents/folders/${ids.folder}`,
    agent: `/api/automation/agents/${ids.agent}`,
    job: `/api/automation/jobs/${ids.job}`,
    definition: `/api/workflow/admin/process/${ids.definition}`,
    instance: `/api/workflow/process/${ids.instance}`,
    wfTask: `/api/workflow/tasks/${ids.wfTask}`,
    globals: `/api/workflow/globals`,
    dataModel: `/api/workflow/data-models/${ids.modelKey}`,
    record: `/api/workflow/data-models/${ids.modelKey}/records/${ids.record}`,
    dataQuery: `/api/workflow/data-queries/${ids.queryKey}`,
    form: `/api/workflow/forms/${ids.formKey}`,
    decision: `/api/workflow/decisions/${ids.decisionKey}`,
    report: `/api/workflow/reports/${ids.report}`,
    supportTr: `/api/support/translations?locale=tr`,
    projectsTr: `/api/projects/translations?locale=tr`,
    automationTr: `/api/automation/translations?locale=tr`,
  };
  const out: Record<string, unknown> = {};
  for (const [what, path] of Object.entries(reads)) {
    const res = await a.owner.call("GET", path);
    const body = await res.json();
    assert.equal(res.status, 200, `${what}: ${JSON.stringify(body)}`);
    const pick = (o: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(o).filter(([k]) =>
          /^(name|title|subject|status|state|archived|enabled|assignee\w*|priority|description|latestVersion|version|updatedAt|items|data|fields|definition|schema|chart|source|compiled)$/
            .test(k)
        ),
      );
    out[what] = Array.isArray(body) || what.endsWith("Tr") ? body : pick(body);
  }
  return out;
}

itest(
  "cross-tenant: tenant B cannot read or change tenant A's objects through any operation",
  async () => {
    const { ops, resolve } = await operations();
    const a = await newTenant();
    const b = await newTenant();
    const ids = await seedObjects(a);
    await seedObjects(b); // B has objects of its own, so "not found" is about A's, not emptiness
    const before = await snapshot(a, ids);
    const r = prng(SEED);
    const leaks: string[] = [];
    const known: string[] = [];
    let sent = 0;
    const statuses: Record<number, number> = {};
    const targets = ops.filter((op) => !op.streaming && op.params.some((p) => p.in === "path"));
    for (const op of targets) {
      const names = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const first = candidates(op, names[0], ids);
      for (const id of first) {
        const path = op.path.replace(
          /\{(\w+)\}/g,
          (_, name: string) => name === names[0] ? id : candidates(op, name, ids)[0],
        );
        // The smallest valid-looking body first; if validation refuses it, the fuller one.
        let body = op.body ? sample(op.body.schema, resolve, r, 0, true) : undefined;
        let res = await send(b.owner, op, path, body);
        if (res.status === 400 && op.body) {
          sent++;
          body = sample(op.body.schema, resolve, r);
          res = await send(b.owner, op, path, body);
        }
        const text = await res.clone().text();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        if (Deno.env.get("SWEEP_DEBUG") && res.status !== 404) {
          console.log(
            `${res.status} ${op.id} ${path} ${JSON.stringify(body)?.slice(0, 200)} ${
              text.slice(0, 300)
            }`,
          );
        }
        const bad = res.status < 300 && !(op.id in NOT_A_LEAK)
          ? `${res.status} (expected 404/403/4xx) ${text.slice(0, 160)}`
          : await verdict(res);
        sent++;
        if (bad) {
          (op.id in KNOWN ? known : leaks).push(`[${op.id}] ${op.method} ${path} → ${bad}`);
        }
      }
    }
    const after = await snapshot(a, ids);
    console.log(
      `cross-tenant: ${sent} requests over ${targets.length} operations with path parameters, ` +
        `${leaks.length} findings, ${known.length} known; statuses ${JSON.stringify(statuses)}`,
    );
    if (known.length) console.log("known findings:\n" + table(known));
    if (leaks.length) console.log("cross-tenant findings:\n" + table(leaks));
    assert.deepEqual(after, before, "tenant A's objects changed after tenant B's calls");
    assert.equal(leaks.length, 0, `${leaks.length} cross-tenant findings (table above)`);
  },
);
