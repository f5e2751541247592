import assert from "node:assert/strict";
import { itest, newTenant } from "../helpers.ts";
import { app, createAgent, inTenant } from "./agents.fixtures.ts";
import {
  type HostRunContext,
  kindOf,
  KINDS,
} from "../../modules/automation/kinds/kinds.registry.lib.ts";
import { fillDeep, fillTemplate } from "../../modules/automation/kinds/kinds.template.lib.ts";
import type { AgentRecord } from "../../modules/automation/common/common.schemas.ts";
import type { Actor } from "../../shared/http/actor.ts";
import { AGENT_KINDS } from "../../modules/automation/common/common.schemas.ts";

await app();

const agent = (kind: AgentRecord["kind"], config: Record<string, unknown>, code = "") =>
  ({ id: "a", name: "x", kind, config, code, grants: [] }) as unknown as AgentRecord;

function hostContext(actor: Actor, calls: [string, unknown][] = []) {
  const lines: string[] = [];
  const ctx: HostRunContext = {
    actor,
    config: {},
    input: {},
    log: (_l, text) => lines.push(text),
    call: (op, input) => {
      calls.push([op, input]);
      return Promise.resolve({ ok: true });
    },
    signal: new AbortController().signal,
  };
  return { ctx, lines, calls };
}

itest("kinds: every kind is registered with a label, icon and schema", () => {
  for (const k of AGENT_KINDS) {
    assert.equal(kindOf(k).kind, k);
    assert.ok(KINDS[k].labelKey.startsWith("automation.kinds."));
  }
  assert.throws(() => kindOf("ftp"));
});

itest("kinds: templates fill values; env placeholders stay for the sandbox", () => {
  const vars = { input: { id: "a b/c", n: 3, tags: ["x"], deep: { v: true } } };
  assert.equal(
    fillTemplate("https://h/items/{{input.id}}?n={{ input.n }}", vars, encodeURIComponent),
    "https://h/items/a%20b%2Fc?n=3",
  );
  assert.equal(
    fillTemplate("Bearer {{env.TOKEN}} {{input.missing}}!", vars),
    "Bearer {{env.TOKEN}} !",
  );
  assert.deepEqual(
    fillDeep(
      { id: "{{input.n}}", t: "{{input.tags}}", s: "n={{input.n}}", k: ["{{input.deep}}"] },
      vars,
    ),
    { id: 3, t: ["x"], s: "n=3", k: [{ v: true }] },
  );
  assert.equal(fillTemplate("{{input.__proto__.x}}", vars), "", "no prototype walks");
});

itest("kinds: http builds sandbox code with the request, never the env values", () => {
  const plan = kindOf("http").plan(
    agent("http", {
      method: "POST",
      url: "https://api.example.com/t/{{input.id}}",
      headers: { authorization: "Bearer {{env.TOKEN}}", "x-id": "{{input.id}}\r\nX-Evil: 1" },
      body: '{"name": "{{input.name}}"}',
      expectedStatus: 201,
    }),
    { id: "7 7", name: "Ada" },
  );
  assert.equal(plan.mode, "sandbox");
  if (plan.mode !== "sandbox") return;
  assert.match(plan.code, /export default async function/);
  assert.ok(plan.code.includes('"url":"https://api.example.com/t/7%207"'));
  assert.ok(plan.code.includes("Bearer {{env.TOKEN}}"), "env is read in the sandbox");
  assert.ok(!plan.code.includes("\r\nX-Evil"), "no header injection");
  assert.ok(plan.code.includes('"expected":[201]'));
  assert.ok(plan.code.includes('\\"name\\": \\"Ada\\"'));
});

itest(
  "kinds: the http code does the request and checks the status (run here with a stub fetch)",
  async () => {
    const plan = kindOf("http").plan(
      agent("http", { url: "https://api.example.com/x", headers: { a: "{{env.T}}" } }),
      {},
    );
    if (plan.mode !== "sandbox") throw new Error("sandbox expected");
    const url = `data:text/javascript;base64,${btoa(plan.code)}`;
    const mod = await import(url);
    const seen: { url: string; headers: Record<string, string> }[] = [];
    const real = globalThis.fetch;
    let status = 200;
    globalThis.fetch = ((u: URL, init: RequestInit) => {
      seen.push({ url: String(u), headers: init.headers as Record<string, string> });
      return Promise.resolve(
        new Response(JSON.stringify({ hello: "world" }), {
          status,
          headers: { "content-type": "application/json", "set-cookie": "s=1" },
        }),
      );
    }) as typeof fetch;
    try {
      const logs: string[] = [];
      const ctx = { env: { T: "tok" }, log: { info: (s: string) => logs.push(s) } };
      const out = await mod.default(ctx);
      assert.equal(out.status, 200);
      assert.deepEqual(out.body, { hello: "world" });
      assert.deepEqual(Object.keys(out.headers), ["content-type"], "no cookies kept");
      assert.equal(seen[0].headers.a, "tok");
      assert.ok(logs.some((l) => l.includes("GET https://api.example.com/x")));
      status = 500;
      await assert.rejects(() => mod.default(ctx), /unexpected status 500/);
    } finally {
      globalThis.fetch = real;
    }
  },
);

itest("kinds: platform calls the operation with the rendered input", async () => {
  const plan = kindOf("platform").plan(
    agent("platform", {
      operation: "projects.tasks.create",
      input: { projectId: "{{input.p}}", title: "Follow up {{input.who}}" },
    }),
    { p: "0190-x", who: "Ada" },
  );
  if (plan.mode !== "host") throw new Error("host expected");
  const { ctx, calls } = hostContext({} as Actor);
  await plan.run(ctx);
  assert.deepEqual(calls, [["projects.tasks.create", {
    projectId: "0190-x",
    title: "Follow up Ada",
  }]]);
});

itest("kinds: email queues one message per recipient through the outbox", async () => {
  const t = await newTenant();
  const a = await createAgent(t.owner, {
    kind: "email",
    config: {
      to: ["{{input.email}}", "ops@example.test"],
      subject: "Hi {{input.name}}",
      body: "Dear {{input.name}} <b>",
    },
  });
  const plan = kindOf("email").plan(a, { email: "ada@example.test", name: "Ada" });
  if (plan.mode !== "host") throw new Error("host expected");
  const result = await inTenant(t, async (sql) => {
    const { ctx, lines } = hostContext({ sql } as Actor);
    const out = await plan.run(ctx);
    assert.ok(lines[0].includes("ada@example.test"));
    return out;
  });
  assert.deepEqual(result, {
    sent: 2,
    to: ["ada@example.test", "ops@example.test"],
    subject: "Hi Ada",
  });
  const mails = await inTenant(
    t,
    (sql) => sql`select to_address, subject, html_body from mail_outbox order by to_address`,
  );
  assert.deepEqual(mails.map((m) => m.toAddress), ["ada@example.test", "ops@example.test"]);
  assert.ok(mails[0].htmlBody.includes("&lt;b&gt;"), "values escaped in HTML");
  const bad = kindOf("email").plan(a, { email: "not an address", name: "x" });
  if (bad.mode !== "host") throw new Error("host expected");
  await assert.rejects(
    () => inTenant(t, (sql) => bad.run(hostContext({ sql } as Actor).ctx)),
    /not an e-mail address/,
  );
});

itest("kinds: a script runs its own code in the sandbox", () => {
  const plan = kindOf("script").plan(agent("script", {}, "export default () => 1"), {});
  assert.deepEqual(plan, { mode: "sandbox", code: "export default () => 1" });
});
