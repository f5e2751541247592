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
    select 1 from event_log where tenant_id = ${t.id}
      and name = 'documents.file.uploaded' and data->>'fileId' = ${file.id as string}`;
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

/** The tenant's outbox, oldest first. */
const outbox = (t: TestTenant) =>
  inTenant(
    t,
    (tx) =>
      tx<{ toAddress: string; subject: string; textBody: string; htmlBody: string | null }[]>`
    select to_address, subject, text_body, html_body from mail_outbox order by created_at, id`,
  );

itest(
  "operations: platform.mail.send queues one message per address and records it on the run",
  async () => {
    const t = await newTenant();
    const other = await newTenant();
    const { agent, run, out } = await callAs(t, ["automation.agent.write"], {
      send: ["platform.mail.send", {
        to: ["ayse@example.com", "mehmet@example.org", "Ayse@example.com"],
        subject: "Weekly report",
        text: "Hello",
        html: "<p>Hello</p>",
      }],
    }, "Reporter");
    assert.deepEqual(out.send.ok, {
      queued: 2,
      to: ["ayse@example.com", "mehmet@example.org"],
      subject: "Weekly report",
    });
    const mails = await outbox(t);
    assert.deepEqual(mails.map((m) => m.toAddress), ["ayse@example.com", "mehmet@example.org"]);
    assert.ok(mails.every((m) => m.subject === "Weekly report" && m.htmlBody === "<p>Hello</p>"));
    assert.equal((await outbox(other)).length, 0, "nothing in another tenant's outbox");
    const lines = await inTenant(t, (tx) =>
      tx`
    select actor_id, request_id, action, summary, after from activity
    where module = 'automation' and entity_type = 'run' and entity_id = ${run.id}`);
    assert.equal(lines.length, 1);
    assert.equal(lines[0].action, "mailed");
    assert.equal(lines[0].actorId, t.owner.id);
    assert.equal(lines[0].requestId, `automation.agent:${agent}`);
    assert.match(lines[0].summary, /Reporter e-mailed "Weekly report" to 2 recipients/);
    assert.equal(lines[0].after.count, 2);
    // The owner reads it in the cross-module log.
    const log = await json(
      await t.owner.call("GET", `/api/automation/activity-log?entityId=${run.id}`),
      200,
    );
    assert.equal(log.items.length, 1);
  },
);

itest(
  "operations: platform.mail.send needs its grant and valid input; nothing queued",
  async () => {
    const t = await newTenant();
    const mail = { to: ["a@example.com"], subject: "Hi", text: "x" };
    const { out: none } = await callAs(t, ["support.ticket.read"], {
      send: ["platform.mail.send", mail],
    });
    assert.match(none.send.error ?? "", /lacks permission automation\.agent\.write/);
    const fifty = Array.from({ length: 51 }, (_, i) => `p${i}@example.com`);
    const { out } = await callAs(t, ["automation.agent.write"], {
      notAddress: ["platform.mail.send", { ...mail, to: ["not an address"] }],
      tooMany: ["platform.mail.send", { ...mail, to: fifty }],
      noOne: ["platform.mail.send", { ...mail, to: [] }],
      header: ["platform.mail.send", { ...mail, subject: "Hi\r\nBcc: x@evil.test" }],
      extra: ["platform.mail.send", { ...mail, cc: ["b@example.com"] }],
      noText: ["platform.mail.send", { to: mail.to, subject: "Hi" }],
    });
    for (const key of ["notAddress", "tooMany", "noOne", "header", "extra", "noText"]) {
      assert.match(out[key].error ?? "", /invalid input for platform\.mail\.send/, key);
    }
    assert.match(out.tooMany.error ?? "", /to:/);
    assert.match(out.header.error ?? "", /subject: must be one line/);
    assert.equal((await outbox(t)).length, 0, "nothing queued");
  },
);

itest("operations: platform.mail.send stops at 100 e-mails per run", async () => {
  const t = await newTenant();
  const batch = (n: number, from: number) => ({
    to: Array.from({ length: n }, (_, i) => `p${from + i}@example.com`),
    subject: "Batch",
    text: "x",
  });
  const { out } = await callAs(t, ["automation.agent.write"], {
    first: ["platform.mail.send", batch(50, 0)],
    second: ["platform.mail.send", batch(49, 50)],
    over: ["platform.mail.send", batch(2, 99)],
    last: ["platform.mail.send", batch(1, 99)],
    beyond: ["platform.mail.send", batch(1, 100)],
  });
  assert.equal(out.first.ok?.queued, 50);
  assert.equal(out.second.ok?.queued, 49);
  assert.match(out.over.error ?? "", /at most 100 e-mails: 99 sent, 2 more refused/);
  assert.equal(out.last.ok?.queued, 1);
  assert.match(out.beyond.error ?? "", /at most 100 e-mails: 100 sent/);
  assert.equal((await outbox(t)).length, 100);
  // The cap is per run: the next run may send again.
  const { out: next } = await callAs(t, ["automation.agent.write"], {
    again: ["platform.mail.send", batch(1, 0)],
  });
  assert.equal(next.again.ok?.queued, 1);
});

itest(
  "operations: a platform-kind agent mails on the host; a failed run queues nothing",
  async () => {
    const t = await newTenant();
    const config = {
      operation: "platform.mail.send",
      input: { to: ["{{input.email}}"], subject: "Welcome", text: "Hello {{input.email}}" },
    };
    const agent = await seedAgent(t, {
      kind: "platform",
      config,
      code: "",
      grants: ["automation.agent.write"],
    });
    const run = await runToEnd(t, agent, { input: { email: "new@example.com" } });
    assert.equal(run.status, "succeeded", run.error ?? "");
    const bad = await runToEnd(t, agent, { input: { email: "nobody" } });
    assert.equal(bad.status, "failed");
    assert.match(bad.error ?? "", /invalid input for platform\.mail\.send/);
    const mails = await outbox(t);
    assert.deepEqual(mails.map((m) => [m.toAddress, m.textBody]), [
      ["new@example.com", "Hello new@example.com"],
    ]);
  },
);

itest("operations: platform.mail.send calls side by side still stop at 100 per run", async () => {
  const t = await newTenant();
  const agent = await seedAgent(t, {
    grants: ["automation.agent.write"],
    code: `export default async (ctx) => {
      const batch = (k) => ({
        to: Array.from({ length: 50 }, (_, i) => "p" + k + "-" + i + "@example.com"),
        subject: "Batch " + k,
        text: "x",
      });
      const all = await Promise.allSettled([0, 1, 2].map((k) =>
        ctx.platform.call("platform.mail.send", batch(k))));
      return all.map((r) => r.status);
    };`,
  });
  const run = await runToEnd(t, agent);
  assert.equal(run.status, "succeeded", run.error ?? "");
  assert.deepEqual(
    [...(run.result as string[])].sort(),
    ["fulfilled", "fulfilled", "rejected"],
  );
  assert.equal((await outbox(t)).length, 100);
});
