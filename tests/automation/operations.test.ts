/**
 * Platform operations as agents call them: `ctx.platform.call(op, input)` in the sandbox,
 * relayed to the host, run as the agent's service identity with its grants inside its
 * tenant's RLS scope. Results are read back through the other modules' APIs.
 */
import assert from "node:assert/strict";
import { itest, newTenant, testApp, type TestTenant } from "../helpers.ts";
import { customer, ticket } from "../support/fixtures.ts";
import { inTenant, runToEnd, seedAgent } from "./engine.fixtures.ts";

/**
 * Calls each operation in turn and returns what each gave or the message it threw, by key.
 * The calls travel as a list: the run's input is jsonb, which does not keep key order.
 */
const CALLER = `export default async (ctx) => {
  const out = {};
  for (const [key, op, input] of ctx.input.calls) {
    try { out[key] = { ok: await ctx.platform.call(op, input) }; }
    catch (e) { out[key] = { error: String(e?.message ?? e) }; }
  }
  return out;
};`;

type Outcome = { ok?: Record<string, unknown>; error?: string };

/** One run of a caller agent with these grants; the outcome of each call by key. */
async function callAs(
  t: TestTenant,
  grants: string[],
  calls: Record<string, [string, unknown]>,
  name?: string,
) {
  const agent = await seedAgent(t, { code: CALLER, grants, name });
  const list = Object.entries(calls).map(([key, [op, input]]) => [key, op, input]);
  const run = await runToEnd(t, agent, { input: { calls: list } });
  assert.equal(run.status, "succeeded", run.error ?? "");
  return { agent, run, out: run.result as Record<string, Outcome> };
}

async function json(res: Response, status: number) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return JSON.parse(text);
}

itest(
  "operations: grants, unknown names and invalid input are refused with clear messages",
  async () => {
    const t = await newTenant();
    const c = await customer(t.owner);
    const { out } = await callAs(t, ["support.ticket.read"], {
      noGrant: ["support.tickets.create", { subject: "Hello", customerId: c.id }],
      unknown: ["support.tickets.explode", {}],
      invalid: ["support.tickets.list", { status: "open", limit: 500 }],
      allowed: ["support.tickets.list", {}],
    });
    assert.match(out.noGrant.error ?? "", /lacks permission support\.ticket\.write/);
    assert.match(out.unknown.error ?? "", /unknown operation "support\.tickets\.explode"/);
    assert.match(out.invalid.error ?? "", /invalid input for support\.tickets\.list/);
    assert.match(out.invalid.error ?? "", /status:/);
    assert.match(out.invalid.error ?? "", /limit:/);
    assert.deepEqual(out.allowed.ok?.items, [], "nothing created by the refused call");

    // An agent that does not catch the refusal fails, with the message as its error.
    const bare = await seedAgent(t, {
      code: `export default (ctx) =>
      ctx.platform.call("support.tickets.create", { subject: "x", customerId: "${c.id}" });`,
    });
    const run = await runToEnd(t, bare);
    assert.equal(run.status, "failed");
    assert.match(run.error ?? "", /lacks permission support\.ticket\.write/);
  },
);

itest("operations: another tenant's ticket is not found and stays unchanged", async () => {
  const a = await newTenant();
  const b = await newTenant();
  const theirs = await ticket(b.owner, (await customer(b.owner)).id);
  const { out } = await callAs(a, ["support.ticket.read", "support.ticket.write"], {
    get: ["support.tickets.get", { id: theirs.id }],
    close: ["support.tickets.close", { id: theirs.id }],
    list: ["support.tickets.list", {}],
  });
  assert.match(out.get.error ?? "", /no such ticket|not found/i);
  assert.match(out.close.error ?? "", /no such ticket|not found/i);
  assert.deepEqual(out.list.ok?.items, []);
  const after = await json(
    await b.owner.call("GET", `/api/support/support-ticket/${theirs.id}`),
    200,
  );
  assert.equal(after.status, theirs.status);
  assert.equal(after.closedAt, null);
});

itest(
  "operations: support.tickets.create opens a ticket, recorded as the agent's work",
  async () => {
    const t = await newTenant();
    const c = await customer(t.owner);
    const { agent, out } = await callAs(t, ["support.ticket.write"], {
      create: ["support.tickets.create", {
        subject: "Disk almost full on srv-01",
        description: "Reported by the nightly check",
        priority: "yuksek",
        customerId: c.id,
      }],
    }, "Disk watcher");
    const created = out.create.ok!;
    assert.ok(created, JSON.stringify(out));
    const seen = await json(
      await t.owner.call("GET", `/api/support/support-ticket/${created.id}`),
      200,
    );
    assert.equal(seen.subject, "Disk almost full on srv-01");
    assert.equal(seen.priority, "yuksek");
    assert.equal(seen.customerId, c.id);
    const lines = await inTenant(t, (tx) =>
      tx`
    select a.actor_id, a.request_id, a.action, m.display_name
    from activity a left join memberships m on m.tenant_id = a.tenant_id and m.user_id = a.actor_id
    where a.module = 'support' and a.entity_type = 'ticket' and a.entity_id = ${created.id}`);
    assert.equal(lines.length, 1);
    assert.equal(lines[0].action, "created");
    assert.equal(lines[0].actorId, t.owner.id, "the person the agent acts for");
    assert.equal(lines[0].requestId, `automation.agent:${agent}`, "and the agent that did it");
  },
);

itest("operations: documents.files.upload stores a file visible in Documents", async () => {
  const t = await newTenant();
  const report = "project,status\nApollo,aktif\n";
  const { out } = await callAs(t, ["documents.file.write"], {
    upload: ["documents.files.upload", {
      name: "status.csv",
      folderPath: "Reports/2026",
      text: report,
    }],
    again: ["documents.files.upload", {
      name: "status.csv",
      folderPath: "reports/2026",
      text: "dup",
    }],
    binary: ["documents.files.upload", {
      name: "logo.png",
      folderPath: "Reports",
      contentType: "image/png",
      base64: btoa("\x89PNG\r\n"),
    }],
    both: ["documents.files.upload", { name: "x.txt", text: "a", base64: "YQ==" }],
  });
  const file = out.upload.ok!;
  assert.ok(file, JSON.stringify(out));
  assert.equal(file.name, "status.csv");
  assert.equal(file.contentType, "text/csv");
  assert.equal(file.size, new TextEncoder().encode(report).length);
  assert.match(out.again.error ?? "", /exists/, "a taken name is a conflict");
  assert.equal(out.binary.ok?.size, 6);
  assert.match(out.both.error ?? "", /invalid input for documents\.files\.upload/);

  // Seen through the Documents API: the folders made on the way, the file and its bytes.
  const folders = await json(await t.owner.call("GET", "/api/documents/folders"), 200);
  const list = (folders.items ?? folders) as { id: string; name: string; parentId: string }[];
  const reports = list.find((f) => f.name === "Reports" && !f.parentId)!;
  const year = list.find((f) => f.name === "2026" && f.parentId === reports?.id)!;
  assert.ok(reports && year, JSON.stringify(list));
  assert.equal(file.folderId, year.id);
  const files = await json(
    await t.owner.call("GET", `/api/documents/files?folderId=${year.id}`),
    200,
  );
  assert.deepEqual(files.items.map((f: { name: string }) => f.name), ["status.csv"]);
  const download = await t.owner.call("GET", `/api/documents/files/${file.id}/download`);
  assert.equal(download.status, 200);
  assert.equal(await download.text(), report);
  const audit = await inTenant(t, (tx) =>
    tx`
    select action from activity where module = 'documents' and entity_id = ${file.id as string}`);
  assert.ok(audit.some((r) => r.action === "uploaded"), JSON.stringify(audit));
  const { platform } = await testApp();
  const announced = await platform.db.sql`
    select 1 from jobs where tenant_id = ${t.id}
      and payload->>'event' = 'documents.file.uploaded' and payload->'data'->>'fileId' = ${file
    .id as string}`;
  assert.equal(announced.length, 1);
});

itest("operations: documents.files.upload keeps the quota and needs the write grant", async () => {
  const t = await newTenant();
  await inTenant(
    t,
    (tx) => tx`insert into doc_settings (tenant_id, quota_bytes) values (${t.id}, 10)`,
  );
  const { out } = await callAs(t, ["documents.file.write"], {
    tooBig: ["documents.files.upload", { name: "big.txt", text: "more than ten bytes" }],
  });
  assert.match(out.tooBig.error ?? "", /quota/);
  const { out: readOnly } = await callAs(t, ["documents.file.read"], {
    write: ["documents.files.upload", { name: "a.txt", text: "a" }],
  });
  assert.match(readOnly.write.error ?? "", /lacks permission documents\.file\.write/);
  const files = await json(await t.owner.call("GET", "/api/documents/files"), 200);
  assert.deepEqual(files.items, [], "nothing stored");
});

itest("operations: a platform-kind agent (host) calls its operation with its grants", async () => {
  const t = await newTenant();
  const c = await customer(t.owner);
  const config = {
    operation: "support.tickets.create",
    input: { subject: "{{input.subject}}", customerId: c.id },
  };
  const allowed = await seedAgent(t, {
    kind: "platform",
    config,
    code: "",
    grants: ["support.ticket.write"],
  });
  const run = await runToEnd(t, allowed, { input: { subject: "Made on the host" } });
  assert.equal(run.status, "succeeded", run.error ?? "");
  const created = run.result as { id: string; subject: string };
  assert.equal(created.subject, "Made on the host");
  await json(await t.owner.call("GET", `/api/support/support-ticket/${created.id}`), 200);
  assert.match(run.log, /calling support\.tickets\.create/);

  const refused = await seedAgent(t, { kind: "platform", config, code: "", grants: [] });
  const failed = await runToEnd(t, refused, { input: { subject: "Not allowed" } });
  assert.equal(failed.status, "failed");
  assert.match(failed.error ?? "", /lacks permission support\.ticket\.write/);
  const list = await json(await t.owner.call("GET", "/api/support/support-ticket?limit=100"), 200);
  assert.deepEqual(list.items.map((x: { subject: string }) => x.subject), ["Made on the host"]);
});

itest(
  "operations: documents.files.upload into a folder by id; another tenant's folder is not found",
  async () => {
    const a = await newTenant();
    const b = await newTenant();
    const mine = await json(
      await a.owner.call("POST", "/api/documents/folders", { name: "Out" }),
      201,
    );
    const theirs = await json(
      await b.owner.call("POST", "/api/documents/folders", { name: "Private" }),
      201,
    );
    const { out } = await callAs(a, ["documents.file.write"], {
      mine: ["documents.files.upload", { name: "a.txt", folderId: mine.id, text: "hello" }],
      theirs: ["documents.files.upload", { name: "b.txt", folderId: theirs.id, text: "hello" }],
    });
    assert.equal(out.mine.ok?.folderId, mine.id, JSON.stringify(out));
    assert.match(out.theirs.error ?? "", /not found/i);
    const files = await json(
      await b.owner.call("GET", `/api/documents/files?folderId=${theirs.id}`),
      200,
    );
    assert.deepEqual(files.items, [], "nothing landed in the other tenant's folder");
  },
);
