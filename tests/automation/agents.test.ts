import assert from "node:assert/strict";
import { browse, itest, newTenant, problem } from "../helpers.ts";
import { API, app, createAgent, inTenant, json, SCRIPT, seedJob } from "./agents.fixtures.ts";
import {
  loadAgentForRun,
  loadAgentVersion,
  recordRunOutcome,
} from "../../modules/automation/agents/agents.runtime.service.ts";
import { DEFAULT_SETTINGS } from "../../modules/automation/common/common.schemas.ts";
import { TEMPLATES } from "../../modules/automation/templates/templates.lib.ts";
import { kindOf } from "../../modules/automation/kinds/kinds.registry.lib.ts";
import { checkCode } from "../../modules/automation/sandbox/sandbox.lib.ts";

const { platform: { bus } } = await app();

itest("agents: create, list with filters, read, change, state, and the activity log", async () => {
  const t = await newTenant();
  const a = await createAgent(t.owner, { name: "Nightly import", description: "Pulls data" });
  assert.equal(a.state, "aktif");
  assert.equal(a.version, 1);
  assert.equal(a.kind, "script");
  const http = await createAgent(t.owner, {
    name: "Ping",
    kind: "http",
    config: { url: "https://api.example.com/ping" },
  });
  assert.equal(http.code, "", "built-in kinds keep no code");
  assert.equal(http.config.method, "GET", "the kind's defaults are filled in");

  const all = await json(await t.owner.call("GET", `${API}/agents`), 200);
  assert.equal(all.items.length, 2);
  const byKind = await json(await t.owner.call("GET", `${API}/agents?kind=http`), 200);
  assert.deepEqual(byKind.items.map((x: { name: string }) => x.name), ["Ping"]);
  const byText = await json(await t.owner.call("GET", `${API}/agents?q=nightly`), 200);
  assert.deepEqual(byText.items.map((x: { id: string }) => x.id), [a.id]);
  const page1 = await json(await t.owner.call("GET", `${API}/agents?limit=1`), 200);
  assert.equal(page1.items.length, 1);
  const page2 = await json(
    await t.owner.call("GET", `${API}/agents?limit=1&cursor=${page1.nextCursor}`),
    200,
  );
  assert.equal(page2.items.length, 1);
  assert.notEqual(page2.items[0].id, page1.items[0].id);
  await problem(await t.owner.call("GET", `${API}/agents?cursor=nonsense`), 400);
  await problem(await t.owner.call("GET", `${API}/agents?state=broken`), 400);

  const detail = await json(await t.owner.call("GET", `${API}/agents/${a.id}`), 200);
  assert.equal(detail.name, "Nightly import");
  assert.deepEqual(detail.jobs, []);

  const renamed = await json(
    await t.owner.call("PATCH", `${API}/agents/${a.id}`, { name: "Night import" }),
    200,
  );
  assert.equal(renamed.version, 1, "a rename is not a new version");
  await problem(await t.owner.call("PATCH", `${API}/agents/${a.id}`, { name: "Ping" }), 409);
  await problem(await t.owner.call("POST", `${API}/agents`, { name: "ping", kind: "script" }), 409);

  const off = await json(
    await t.owner.call("POST", `${API}/agents/${a.id}/state`, { state: "pasif" }),
    200,
  );
  assert.equal(off.state, "pasif");
  await problem(await t.owner.call("POST", `${API}/agents/${a.id}/state`, { state: "hata" }), 400);
  const on = await json(
    await t.owner.call("POST", `${API}/agents/${a.id}/state`, { state: "aktif" }),
    200,
  );
  assert.equal(on.state, "aktif");

  const rows = await inTenant(
    t,
    (sql) =>
      sql`select action, before, after from activity where entity_id = ${a.id} order by occurred_at`,
  );
  const actions = rows.map((r) => r.action);
  for (const x of ["created", "updated", "disabled", "enabled"]) assert.ok(actions.includes(x), x);
  assert.ok(rows.every((r) => !JSON.stringify(r).includes("ctx.log")), "code is not logged");
});

itest("agents: input and config are validated (400 with paths), never a 500", async () => {
  const t = await newTenant();
  await problem(await t.owner.call("POST", `${API}/agents`, { kind: "script" }), 400);
  await problem(await t.owner.call("POST", `${API}/agents`, { name: "x" }), 400);
  await problem(await t.owner.call("POST", `${API}/agents`, { name: "x", kind: "ftp" }), 400);
  const bad = await problem(
    await t.owner.call("POST", `${API}/agents`, {
      name: "x",
      kind: "http",
      config: { url: "ftp://files", method: "FETCH" },
    }),
    400,
  );
  const paths = bad.errors.map((e: { path: string }) => e.path);
  assert.ok(paths.includes("config.url"), JSON.stringify(paths));
  assert.ok(paths.includes("config.method"), JSON.stringify(paths));
  const op = await problem(
    await t.owner.call("POST", `${API}/agents`, {
      name: "x",
      kind: "platform",
      config: { operation: "system.shutdown" },
    }),
    400,
  );
  assert.equal(op.errors[0].path, "config.operation");
  await problem(
    await t.owner.call("POST", `${API}/agents`, { name: "x", kind: "email", config: { to: [] } }),
    400,
  );
  await problem(await t.owner.call("POST", `${API}/agents`, { name: "x", template: "nope" }), 422);
  await problem(await t.owner.call("PATCH", `${API}/agents/not-a-uuid`, { name: "y" }), 400);
  await problem(await t.owner.call("POST", `${API}/agents`, "{broken"), 400);
  const list = await json(await t.owner.call("GET", `${API}/agents`), 200);
  assert.equal(list.items.length, 0, "nothing half-written");
});

itest(
  "agents: members read but cannot change; another tenant's id is a 404 and unchanged",
  async () => {
    const t = await newTenant();
    const other = await newTenant();
    const mine = await createAgent(t.owner, { name: "Mine" });
    const member = await t.member(["member"]);
    await json(await member.call("GET", `${API}/agents`), 200);
    await json(await member.call("GET", `${API}/agents/${mine.id}`), 200);
    await problem(await member.call("POST", `${API}/agents`, { name: "x", kind: "script" }), 403);
    await problem(await member.call("PATCH", `${API}/agents/${mine.id}`, { name: "y" }), 403);
    await problem(await member.call("DELETE", `${API}/agents/${mine.id}`), 403);
    await problem(
      await member.call("POST", `${API}/agents/${mine.id}/state`, { state: "pasif" }),
      403,
    );
    await problem(await member.call("POST", `${API}/agents/${mine.id}/versions/1/restore`), 403);
    await problem(await member.call("GET", `${API}/agent-grants`), 403);
    await problem(await member.call("PUT", `${API}/settings`, { concurrency: 3 }), 403);

    const o = other.owner;
    await problem(await o.call("GET", `${API}/agents/${mine.id}`), 404);
    await problem(await o.call("PATCH", `${API}/agents/${mine.id}`, { code: "x" }), 404);
    await problem(await o.call("POST", `${API}/agents/${mine.id}/state`, { state: "pasif" }), 404);
    await problem(await o.call("DELETE", `${API}/agents/${mine.id}?force=true`), 404);
    await problem(await o.call("GET", `${API}/agents/${mine.id}/versions`), 404);
    await problem(await o.call("GET", `${API}/agents/${mine.id}/versions/1`), 404);
    await problem(await o.call("GET", `${API}/agents/${mine.id}/versions/1/diff?against=1`), 404);
    await problem(await o.call("POST", `${API}/agents/${mine.id}/versions/1/restore`), 404);
    const after = await json(await t.owner.call("GET", `${API}/agents/${mine.id}`), 200);
    assert.equal(after.name, "Mine");
    assert.equal(after.state, "aktif");
    assert.equal(after.code, SCRIPT);
    assert.equal((await json(await o.call("GET", `${API}/agents`), 200)).items.length, 0);
  },
);

itest("agents: every code or config save is a version; diff and restore", async () => {
  const t = await newTenant();
  const a = await createAgent(t.owner, { config: { days: 7 } });
  const v2code = SCRIPT.replace('"hi"', '"hello"');
  const v2 = await json(
    await t.owner.call("PATCH", `${API}/agents/${a.id}`, { code: v2code, note: "Friendlier" }),
    200,
  );
  assert.equal(v2.version, 2);
  const same = await json(
    await t.owner.call("PATCH", `${API}/agents/${a.id}`, { code: v2code, config: { days: 7 } }),
    200,
  );
  assert.equal(same.version, 2, "saving unchanged content makes no version");
  const v3 = await json(
    await t.owner.call("PATCH", `${API}/agents/${a.id}`, { config: { days: 14 } }),
    200,
  );
  assert.equal(v3.version, 3);

  const versions = await json(await t.owner.call("GET", `${API}/agents/${a.id}/versions`), 200);
  assert.deepEqual(versions.items.map((v: { version: number }) => v.version), [3, 2, 1]);
  assert.equal(versions.items[1].note, "Friendlier");
  assert.equal(versions.items[0].current, true);
  assert.equal(versions.items[0].createdByName, "Owner");
  const paged = await json(
    await t.owner.call("GET", `${API}/agents/${a.id}/versions?limit=2`),
    200,
  );
  const rest = await json(
    await t.owner.call("GET", `${API}/agents/${a.id}/versions?limit=2&cursor=${paged.nextCursor}`),
    200,
  );
  assert.deepEqual(rest.items.map((v: { version: number }) => v.version), [1]);

  const one = await json(await t.owner.call("GET", `${API}/agents/${a.id}/versions/1`), 200);
  assert.equal(one.code, SCRIPT);
  assert.deepEqual(one.config, { days: 7 });
  await problem(await t.owner.call("GET", `${API}/agents/${a.id}/versions/9`), 404);

  const d2 = await json(await t.owner.call("GET", `${API}/agents/${a.id}/versions/2/diff`), 200);
  assert.equal(d2.against, 1);
  assert.match(d2.diff, /^- {2}ctx\.log\.info\("hi"\);$/m);
  assert.match(d2.diff, /^\+ {2}ctx\.log\.info\("hello"\);$/m);
  assert.doesNotMatch(d2.diff, /config\.json/, "config did not change from 1 to 2");
  const d3 = await json(
    await t.owner.call("GET", `${API}/agents/${a.id}/versions/3/diff?against=1`),
    200,
  );
  assert.match(d3.diff, /^- {2}"days": 7$/m);
  assert.match(d3.diff, /^\+ {2}"days": 14$/m);
  assert.match(d3.diff, /\+\+\+ code/);
  await problem(await t.owner.call("GET", `${API}/agents/${a.id}/versions/1/diff`), 400);
  await problem(await t.owner.call("GET", `${API}/agents/${a.id}/versions/3/diff?against=8`), 404);

  const restored = await json(
    await t.owner.call("POST", `${API}/agents/${a.id}/versions/1/restore`),
    200,
  );
  assert.equal(restored.version, 4);
  assert.equal(restored.code, SCRIPT);
  assert.deepEqual(restored.config, { days: 7 });
  const v4 = await json(await t.owner.call("GET", `${API}/agents/${a.id}/versions/4`), 200);
  assert.equal(v4.note, "Restored version 1");
  const none = await json(
    await t.owner.call("GET", `${API}/agents/${a.id}/versions/4/diff?against=1`),
    200,
  );
  assert.equal(none.changed, false);
});

itest(
  "agents: a script that does not load is saved but goes to hata; fixed code recovers",
  async () => {
    const t = await newTenant();
    const broken = await createAgent(t.owner, { code: "export default async function (ctx) {" });
    assert.equal(broken.state, "hata");
    assert.match(broken.lastError, /^code check: /);
    assert.equal(broken.version, 1, "the save is kept as a version");
    const noDefault = await json(
      await t.owner.call("PATCH", `${API}/agents/${broken.id}`, {
        code: "export const x = 1;\n",
      }),
      200,
    );
    assert.equal(noDefault.state, "hata");
    assert.equal(noDefault.version, 2);
    const fixed = await json(
      await t.owner.call("PATCH", `${API}/agents/${broken.id}`, { code: SCRIPT }),
      200,
    );
    assert.equal(fixed.state, "aktif");
    assert.equal(fixed.lastError, null);
    // A disabled agent whose code breaks still goes to hata (people see why it cannot run).
    await json(
      await t.owner.call("POST", `${API}/agents/${fixed.id}/state`, { state: "pasif" }),
      200,
    );
    const again = await json(
      await t.owner.call("PATCH", `${API}/agents/${fixed.id}`, { code: "syntax error (" }),
      200,
    );
    assert.equal(again.state, "hata");
  },
);

itest("agents: grants must be real permissions the editor holds", async () => {
  const t = await newTenant();
  await json(
    await t.owner.call("POST", "/api/admin/roles", {
      key: "automator",
      name: "Automator",
      permissions: ["automation.agent.read", "automation.agent.write", "support.ticket.read"],
    }),
    201,
  );
  const automator = await t.member(["automator"]);
  const choices = await json(await automator.call("GET", `${API}/agent-grants`), 200);
  assert.ok(choices.items.includes("support.ticket.read"));
  assert.ok(!choices.items.includes("support.ticket.write"));
  const ok = await createAgent(automator, { grants: ["support.ticket.read"] });
  assert.deepEqual(ok.grants, ["support.ticket.read"]);
  await problem(
    await automator.call("POST", `${API}/agents`, {
      name: "greedy",
      kind: "script",
      grants: ["support.ticket.write"],
    }),
    403,
  );
  await problem(
    await automator.call("POST", `${API}/agents`, {
      name: "made-up",
      kind: "script",
      grants: ["support.spaceship.fly"],
    }),
    422,
  );
  // An agent with grants its editor lacks: renaming is fine, changing what it does is not.
  const strong = await createAgent(t.owner, { grants: ["support.ticket.write"] });
  await json(await automator.call("PATCH", `${API}/agents/${strong.id}`, { name: "Renamed" }), 200);
  await problem(
    await automator.call("PATCH", `${API}/agents/${strong.id}`, { code: SCRIPT + "\n" }),
    403,
  );
  await problem(
    await automator.call("POST", `${API}/agents/${strong.id}/versions/1/restore`),
    403,
  );
  const after = await json(await t.owner.call("GET", `${API}/agents/${strong.id}`), 200);
  assert.equal(after.version, 1);
});

itest("agents: delete refuses while jobs run it (409 naming them) unless force", async () => {
  const t = await newTenant();
  const a = await createAgent(t.owner);
  const job = await seedJob(t, a.id, "Nightly sync");
  const conflict = await problem(await t.owner.call("DELETE", `${API}/agents/${a.id}`), 409);
  assert.match(conflict.detail, /Nightly sync/);
  await json(await t.owner.call("GET", `${API}/agents/${a.id}`), 200);
  const detail = await json(await t.owner.call("GET", `${API}/agents/${a.id}`), 200);
  assert.deepEqual(detail.jobs.map((j: { name: string }) => j.name), [job]);
  const res = await t.owner.call("DELETE", `${API}/agents/${a.id}?force=true`);
  assert.equal(res.status, 204);
  await problem(await t.owner.call("GET", `${API}/agents/${a.id}`), 404);
  const jobs = await inTenant(t, (sql) => sql`select 1 from automation_jobs`);
  assert.equal(jobs.length, 0);
  const b = await createAgent(t.owner);
  assert.equal((await t.owner.call("DELETE", `${API}/agents/${b.id}`)).status, 204);
  await problem(await t.owner.call("DELETE", `${API}/agents/${b.id}`), 404);
});

itest(
  "agents: templates validate against their kind, scripts load, and create agents",
  async () => {
    for (const tpl of TEMPLATES) {
      const parsed = kindOf(tpl.kind).configSchema.safeParse(tpl.config);
      assert.ok(parsed.success, `${tpl.key}: ${JSON.stringify(parsed.error?.issues)}`);
      if (tpl.kind === "script") {
        assert.deepEqual(await checkCode(tpl.code), { ok: true }, tpl.key);
        assert.match(tpl.code, /export default/);
      }
    }
    const t = await newTenant();
    const list = await json(await t.owner.call("GET", `${API}/agent-templates`), 200);
    assert.ok(list.items.length >= 5);
    assert.ok(list.items.every((x: { name: string }) => !x.name.startsWith("automation.")));
    const tr = await json(
      await t.owner.call("GET", `${API}/agent-templates`, undefined, { "Accept-Language": "tr" }),
      200,
    );
    assert.notEqual(tr.items[0].name, list.items[0].name, "names are translated");
    const made = await json(
      await t.owner.call("POST", `${API}/agents/from-template`, {
        template: "close-resolved-tickets",
        name: "Closer",
      }),
      201,
    );
    assert.equal(made.kind, "script");
    assert.equal(made.template, "close-resolved-tickets");
    assert.deepEqual(made.grants, ["support.ticket.read", "support.ticket.write"]);
    assert.equal(made.state, "aktif");
    const viaPost = await createAgent(t.owner, {
      template: "post-webhook",
      kind: undefined,
      code: undefined,
    });
    assert.equal(viaPost.kind, "http");
    await problem(
      await t.owner.call("POST", `${API}/agents/from-template`, { template: "x", name: "y" }),
      422,
    );
    const member = await t.member(["member"]);
    await json(await member.call("GET", `${API}/agent-templates`), 200);
    await problem(
      await member.call("POST", `${API}/agents/from-template`, {
        template: "post-webhook",
        name: "z",
      }),
      403,
    );
  },
);

itest(
  "agents: recordRunOutcome counts failures, sets hata at the threshold, recovers on a test run",
  async () => {
    const t = await newTenant();
    const a = await createAgent(t.owner);
    const settings = { ...DEFAULT_SETTINGS, failureThreshold: 2 };
    const outcome = (status: "succeeded" | "failed" | "timed_out" | "skipped", trigger = "cron") =>
      inTenant(t, (sql) =>
        recordRunOutcome({ sql, bus }, {
          agentId: a.id,
          outcome: {
            status,
            error: status === "succeeded" ? null : "boom",
            trigger: trigger as "cron",
          },
          settings,
        }));
    assert.equal(await outcome("failed"), null);
    let now = await json(await t.owner.call("GET", `${API}/agents/${a.id}`), 200);
    assert.equal(now.consecutiveFailures, 1);
    assert.equal(now.lastStatus, "failed");
    assert.ok(now.lastRunAt);
    assert.equal(await outcome("succeeded"), null, "a success resets the streak");
    assert.equal(await outcome("failed"), null);
    assert.equal(await outcome("skipped"), null, "a skipped run is no outcome");
    assert.deepEqual(await outcome("timed_out"), { from: "aktif", to: "hata" });
    now = await json(await t.owner.call("GET", `${API}/agents/${a.id}`), 200);
    assert.equal(now.state, "hata");
    assert.equal(now.lastError, "boom");
    assert.equal(await outcome("succeeded", "manual"), null, "only a test run lifts hata");
    assert.equal(
      (await json(await t.owner.call("GET", `${API}/agents/${a.id}`), 200)).state,
      "hata",
    );
    assert.deepEqual(await outcome("succeeded", "test"), { from: "hata", to: "aktif" });
    now = await json(await t.owner.call("GET", `${API}/agents/${a.id}`), 200);
    assert.equal(now.state, "aktif");
    assert.equal(now.consecutiveFailures, 0);
    assert.equal(now.lastError, null);
    // A disabled agent counts failures but stays disabled.
    await json(await t.owner.call("POST", `${API}/agents/${a.id}/state`, { state: "pasif" }), 200);
    await outcome("failed");
    assert.equal(await outcome("failed"), null);
    assert.equal(
      (await json(await t.owner.call("GET", `${API}/agents/${a.id}`), 200)).state,
      "pasif",
    );
    const actions = await inTenant(
      t,
      (sql) => sql`select action from activity where entity_id = ${a.id}`,
    );
    assert.ok(actions.some((r) => r.action === "failing"));
    assert.ok(actions.some((r) => r.action === "recovered"));
  },
);

itest(
  "agents pages: list, new from a template, tabs, saving code, env, restore, delete",
  async () => {
    const t = await newTenant();
    const list = await browse("/automation/agents", { who: t.owner });
    assert.equal(list.status, 200);
    const empty = await list.text();
    assert.match(empty, /No agents yet/);
    assert.match(empty, /Close resolved tickets/, "templates are offered as cards");
    const made = await browse("/automation/agents", {
      who: t.owner,
      form: { start: "template:close-resolved-tickets", name: "Closer", description: "" },
    });
    assert.equal(made.status, 303);
    const at = made.headers.get("location")!;
    assert.match(at, /^\/automation\/agents\/[0-9a-f-]{36}$/);
    const id = at.split("/").pop()!;
    const dup = await browse("/automation/agents", {
      who: t.owner,
      form: { start: "kind:script", name: "Closer" },
    });
    assert.equal(dup.status, 409);
    assert.match(await dup.text(), /already exists/);

    for (const tab of ["", "/code", "/config", "/env", "/versions", "/history"]) {
      const res = await browse(`/automation/agents/${id}${tab}`, { who: t.owner });
      const html = await res.text();
      assert.equal(res.status, 200, tab);
      assert.ok(
        !/automation\.(agents|kinds)\.[a-z]/.test(html.replace(/"[^"]*"/g, "")),
        `raw key on ${tab}`,
      );
      assert.ok(!html.includes(">aktif<"), "state values are labelled");
    }
    const code = await browse(`/automation/agents/${id}/code`, { who: t.owner });
    const codeHtml = await code.text();
    assert.match(codeHtml, /data-code-editor="typescript"/);
    assert.match(codeHtml, /\/assets\/agents-editor\.js/);
    assert.ok(!/<script>|style="/.test(codeHtml), "no inline script or style");

    const saved = await browse(`/automation/agents/${id}/code`, {
      who: t.owner,
      form: { code: SCRIPT, note: "simpler" },
    });
    assert.equal(saved.status, 303);
    assert.match(saved.headers.get("location")!, /\/code\?saved=1$/);
    const broken = await browse(`/automation/agents/${id}/config`, {
      who: t.owner,
      form: { config: "{not json" },
    });
    assert.equal(broken.status, 400);
    const env = await browse(`/automation/agents/${id}/env`, {
      who: t.owner,
      form: { name: "api_token", value: "page-secret-123" },
    });
    assert.equal(env.status, 303);
    const envPage = await (await browse(`/automation/agents/${id}/env`, { who: t.owner })).text();
    assert.match(envPage, /API_TOKEN/);
    assert.ok(!envPage.includes("page-secret-123"));
    const versions = await (await browse(`/automation/agents/${id}/versions?show=2&against=1`, {
      who: t.owner,
    })).text();
    assert.match(versions, /class="diff-add"/);
    assert.equal(
      (await browse(`/automation/agents/${id}/versions?show=abc&against=-1`, { who: t.owner }))
        .status,
      200,
    );
    const nan = await browse(`/automation/agents/${id}/versions/abc/restore`, {
      who: t.owner,
      form: {},
    });
    assert.equal(nan.status, 404);
    const badKind = await browse("/automation/agents", {
      who: t.owner,
      form: { start: "kind:ftp", name: "Nope" },
    });
    assert.equal(badKind.status, 400);
    const noName = await browse(`/automation/agents/${id}/edit`, {
      who: t.owner,
      form: { name: "", description: "" },
    });
    assert.equal(noName.status, 400);
    const restored = await browse(`/automation/agents/${id}/versions/1/restore`, {
      who: t.owner,
      form: {},
    });
    assert.equal(restored.status, 303);
    const now = await json(await t.owner.call("GET", `${API}/agents/${id}`), 200);
    assert.equal(now.version, 3);
    const off = await browse(`/automation/agents/${id}/state`, {
      who: t.owner,
      form: { state: "pasif", back: `/automation/agents/${id}` },
    });
    assert.equal(off.status, 303);
    assert.equal(
      (await json(await t.owner.call("GET", `${API}/agents/${id}`), 200)).state,
      "pasif",
    );
    const filtered = await (await browse("/automation/agents?state=pasif", { who: t.owner }))
      .text();
    assert.match(filtered, /Closer/);
    assert.match(filtered, /Disabled/);
    const tr = await (await browse(`/automation/agents/${id}`, {
      who: t.owner,
      headers: { "Accept-Language": "tr" },
    })).text();
    assert.match(tr, /Devre dışı/);

    const member = await t.member(["member"]);
    assert.equal((await browse(`/automation/agents/${id}`, { who: member })).status, 200);
    const denied = await browse(`/automation/agents/${id}/delete`, { who: member, form: {} });
    assert.equal(denied.status, 403);
    const other = await newTenant();
    assert.equal((await browse(`/automation/agents/${id}`, { who: other.owner })).status, 404);
    assert.equal(
      (await browse(`/automation/agents/${id}/delete`, { who: other.owner, form: {} })).status,
      404,
    );
    const gone = await browse(`/automation/agents/${id}/delete`, { who: t.owner, form: {} });
    assert.equal(gone.status, 303);
    assert.equal(gone.headers.get("location"), "/automation/agents");
    await problem(await t.owner.call("GET", `${API}/agents/${id}`), 404);
  },
);

itest(
  "agents runtime: the engine loads the agent and the exact version a run recorded",
  async () => {
    const t = await newTenant();
    const other = await newTenant();
    const a = await createAgent(t.owner, { config: { days: 1 } });
    await json(
      await t.owner.call("PATCH", `${API}/agents/${a.id}`, {
        code: "export default () => 2;\n",
        config: { days: 2 },
      }),
      200,
    );
    const v1 = await inTenant(
      t,
      (sql) => loadAgentVersion({ sql, bus }, { agentId: a.id, version: 1 }),
    );
    assert.equal(v1?.version, 1);
    assert.equal(v1?.code, SCRIPT);
    assert.deepEqual(v1?.config, { days: 1 });
    const now = await inTenant(t, (sql) => loadAgentForRun({ sql, bus }, a.id));
    assert.equal(now?.version, 2);
    assert.deepEqual(now?.config, { days: 2 });
    assert.ok(!("sortKey" in (now ?? {})), "no internal keys");
    assert.equal(
      await inTenant(t, (sql) => loadAgentVersion({ sql, bus }, { agentId: a.id, version: 3 })),
      null,
    );
    assert.equal(await inTenant(other, (sql) => loadAgentForRun({ sql, bus }, a.id)), null, "RLS");
    assert.equal(
      await inTenant(other, (sql) => loadAgentVersion({ sql, bus }, { agentId: a.id, version: 1 })),
      null,
      "RLS",
    );
  },
);
