import assert from "node:assert/strict";
import { itest, newTenant, problem, testApp } from "../helpers.ts";
import { withScope } from "../../shared/db/scope.ts";
import { asWorker, Dispatcher } from "../../shared/jobs/dispatcher.ts";
import { MAIL_SEND_JOB, mailJobs } from "../../platform/notifications/mail.service.ts";
import { checkSla, SLA_JOB } from "../../modules/support/sla/sla.job.service.ts";
import { dueAlerts, tenantsWithDueAlerts } from "../../modules/support/sla/sla.events.repo.ts";
import { buildReport } from "../../modules/support/reports/reports.service.ts";
import {
  RENEWAL_JOB,
  sendRenewalReminders,
} from "../../modules/support/contracts/contracts.job.service.ts";
import { support } from "../../modules/support/mod.ts";
import { ALWAYS, API, customer, defaultPolicy, json, targets, ticket } from "./fixtures.ts";
import { smtpSink } from "../smtp.ts";

const inTenant = async <T>(
  tenantId: string,
  fn: (tx: Parameters<Parameters<typeof withScope>[2]>[0]) => Promise<T>,
) => {
  const { platform } = await testApp();
  return await withScope(platform.db.sql, { tenantId }, fn);
};

/** The workspaces the scheduler's sweep finds with an SLA alert due (as the worker role). */
const slaSweep = async (now = new Date()) => {
  const { platform } = await testApp();
  return await asWorker(platform.db.sql, (tx) => tenantsWithDueAlerts(tx, now));
};

itest("support jobs: the manifest schedules the SLA check every minute and daily renewals", () => {
  const sla = support.jobs.find((j) => j.name === SLA_JOB)!;
  assert.equal(sla.schedule?.cron, "* * * * *");
  assert.equal(sla.schedule?.perTenant, true);
  assert.equal(sla.schedule?.tenantsWithWork, tenantsWithDueAlerts);
  assert.ok(support.jobs.find((j) => j.name === RENEWAL_JOB)?.schedule?.perTenant);
});

itest(
  "support SLA: due times follow the policy; warning, breach and escalation fire once each",
  async () => {
    const t = await newTenant();
    const agent = await t.member(["agent"]);
    const lead = await t.member(["agent"]);
    const team = await json(
      await t.owner.call("POST", `${API}/teams`, { name: "Leads", memberIds: [lead.id] }),
      201,
    );
    await defaultPolicy(t.owner, { escalation: { teamId: team.id, raisePriority: true } });
    const c = await customer(t.owner);
    const tk = await ticket(t.owner, c.id, { assigneeId: agent.id });
    const opened = Date.parse(tk.createdAt);
    assert.equal(Date.parse(tk.firstResponseDue) - opened, 60 * 60_000);
    assert.equal(Date.parse(tk.resolutionDue) - opened, 240 * 60_000);
    assert.equal(tk.slaState, "ok");
    const { platform } = await testApp();
    await inTenant(t.id, (tx) => checkSla({ sql: tx, bus: platform.bus }));
    assert.equal((await inTenant(t.id, (tx) => tx`select * from support_sla_events`)).length, 0);
    assert.ok(!(await slaSweep()).includes(t.id), "nothing due yet: no job for the workspace");
    // Four hours later (the clocks are moved back instead of waiting).
    await inTenant(
      t.id,
      (tx) =>
        tx`update support_tickets set first_response_warn_at = first_response_warn_at - interval '4 hours',
       first_response_due = first_response_due - interval '4 hours',
       resolution_warn_at = resolution_warn_at - interval '4 hours',
       resolution_due = resolution_due - interval '4 hours', created_at = created_at - interval '4 hours'`,
    );
    assert.ok((await slaSweep()).includes(t.id), "alerts due: the sweep finds the workspace");
    await inTenant(t.id, (tx) => checkSla({ sql: tx, bus: platform.bus }));
    await inTenant(t.id, (tx) => checkSla({ sql: tx, bus: platform.bus }));
    assert.ok(!(await slaSweep()).includes(t.id), "every alert fired: no job any more");
    const events = await inTenant(
      t.id,
      (tx) => tx`select clock, level from support_sla_events order by clock, level`,
    );
    assert.deepEqual(events.map((e) => `${e.clock}:${e.level}`), [
      "firstResponse:breach",
      "firstResponse:escalation",
      "firstResponse:warning",
      "resolution:breach",
      "resolution:escalation",
      "resolution:warning",
    ]);
    const after = await json(await t.owner.call("GET", `${API}/support-ticket/${tk.id}`), 200);
    assert.equal(after.slaState, "breached");
    assert.equal(after.priority, "kritik", "raised once per escalation: normal → yuksek → kritik");
    const agentInbox = await json(await agent.call("GET", "/api/notifications?limit=100"), 200);
    const titles = agentInbox.items.map((n: { title: string }) => n.title);
    assert.equal(titles.filter((x: string) => x.includes("breached")).length, 2);
    assert.equal(titles.filter((x: string) => x.includes("due soon")).length, 2);
    const leadInbox = await json(await lead.call("GET", "/api/notifications?limit=100"), 200);
    assert.equal(
      leadInbox.items.filter((n: { title: string }) => n.title.includes("escalated")).length,
      2,
    );
    const breached = await json(
      await t.owner.call("GET", `${API}/support-ticket?sla=breached`),
      200,
    );
    assert.deepEqual(breached.items.map((x: { id: string }) => x.id), [tk.id]);
  },
);

itest("support contracts: the renewal reminder fires once per contract and date", async () => {
  const t = await newTenant();
  const c = await customer(t.owner, { email: `renew-${t.slug}@example.test` });
  const today = new Date().toISOString().slice(0, 10);
  const soon = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  const far = new Date(Date.now() + 300 * 86_400_000).toISOString().slice(0, 10);
  const k = await json(
    await t.owner.call("POST", `${API}/contracts`, {
      customerId: c.id,
      name: "Gold",
      startsOn: today,
      endsOn: soon,
      reminderDays: 10,
    }),
    201,
  );
  assert.equal(k.status, "expiring");
  await json(
    await t.owner.call("POST", `${API}/contracts`, {
      customerId: c.id,
      name: "Later",
      startsOn: today,
      endsOn: far,
    }),
    201,
  );
  const { platform } = await testApp();
  assert.equal(
    await inTenant(t.id, (tx) => sendRenewalReminders({ sql: tx, bus: platform.bus })),
    1,
  );
  assert.equal(
    await inTenant(t.id, (tx) => sendRenewalReminders({ sql: tx, bus: platform.bus })),
    0,
  );
  const inbox = await json(await t.owner.call("GET", "/api/notifications"), 200);
  assert.equal(inbox.items.filter((n: { title: string }) => n.title.includes("Gold")).length, 1);
  const mail = await inTenant(t.id, (tx) => tx`select subject from mail_outbox`);
  assert.deepEqual(mail.map((m) => m.subject), [`Your contract Gold ends on ${soon}`]);
  const history = await json(await t.owner.call("GET", `${API}/customers/${c.id}/activity`), 200);
  assert.ok(history.items.some((h: { title: string }) => h.title === "Renewal reminder for Gold"));
});

itest(
  "support e-mail: the customer receives the tenant's template over SMTP on open and close",
  async () => {
    const t = await newTenant();
    const sink = await smtpSink();
    try {
      const email = `cust-${t.slug}@example.test`;
      const c = await customer(t.owner, { email, locale: "tr", name: "Ayşe <b>" });
      await json(
        await t.owner.call("POST", `${API}/email-template`, {
          kind: "opened",
          locale: "tr",
          subject: "Talebiniz {{ticket.number}} alındı",
          body: "Merhaba {{customer.name}}, konu: {{ticket.subject}} ({{ticket.statusLabel}})",
        }),
        201,
      );
      const tk = await ticket(t.owner, c.id, { subject: "Yazıcı" });
      await json(
        await t.owner.call("PUT", `${API}/support-ticket/${tk.id}`, { status: "cozuldu" }),
        200,
      );
      await json(await t.owner.call("POST", `${API}/support-ticket/${tk.id}/close`), 200);
      const { platform } = await testApp();
      const jobs = mailJobs({ SMTP_URL: sink.url, MAIL_FROM: "Support <support@example.test>" });
      const d = new Dispatcher(platform.db, new Map(jobs.map((j) => [j.name, j.handler])), {
        onlyNames: [MAIL_SEND_JOB],
      });
      await d.drain();
      await d.drain();
      const mine = sink.received.filter((m) => m.to.includes(email));
      assert.equal(mine.length, 3, "opened, updated (resolved), closed");
      const opened = mine.find((m) =>
        m.raw.includes(tk.number) && /al=C4=B1nd=C4=B1|alındı/.test(m.raw)
      );
      assert.ok(opened, "the Turkish template was used");
      assert.match(opened!.raw, /Ay=C5=9Fe &lt;b&gt;|Ayşe &lt;b&gt;/);
      // The customer reads Turkish: the built-in Turkish closing template (with its rating link).
      assert.ok(
        mine.some((m) =>
          /Kapat=C4=B1ld=C4=B1|Kapatıldı/.test(m.raw) &&
          m.raw.replace(/=\r?\n/g, "").includes("/support/rate/")
        ),
        "the default Turkish closed template",
      );
    } finally {
      await sink.close();
    }
  },
);

itest("support e-mail templates: preview renders sample values", async () => {
  const t = await newTenant();
  const out = await json(
    await t.owner.call("POST", `${API}/email-template/preview`, {
      subject: "{{ticket.number}}",
      body: "Hi {{customer.name}}",
    }),
    200,
  );
  assert.equal(out.subject, "SUP-2026-00042");
  assert.equal(out.text, "Hi Mehmet Customer");
  await problem(await t.owner.call("POST", `${API}/email-template/preview`, { subject: 1 }), 400);
});

itest("support reports: status, SLA, team and volume, as JSON and CSV", async () => {
  const t = await newTenant();
  const agent = await t.member(["agent"]);
  const viewer = await t.member(["viewer"]);
  await json(
    await t.owner.call("POST", "/api/admin/roles", {
      key: "tickets-only",
      name: "Tickets",
      permissions: ["support.ticket.read"],
    }),
    201,
  );
  const member = await t.member(["tickets-only"]);
  const c = await customer(t.owner);
  const a = await ticket(t.owner, c.id, { assigneeId: agent.id, priority: "yuksek" });
  await ticket(t.owner, c.id);
  await json(await agent.call("PUT", `${API}/support-ticket/${a.id}`, { status: "cozuldu" }), 200);
  const status = await json(await viewer.call("GET", `${API}/report?type=status`), 200);
  assert.deepEqual(status.rows, [{ status: "acik", priority: "normal", tickets: 1 }]);
  const team = await json(await t.owner.call("GET", `${API}/report?type=team`), 200);
  assert.equal(team.rows.length, 1);
  assert.equal(team.rows[0].agentId, agent.id);
  assert.equal(team.rows[0].resolved, 1);
  const today = new Date().toISOString().slice(0, 10);
  const volume = await json(
    await t.owner.call("GET", `${API}/report?type=volume&from=${today}&to=${today}`),
    200,
  );
  assert.deepEqual(volume.rows, [{ day: today, created: 2, resolved: 1 }]);
  const sla = await json(await t.owner.call("GET", `${API}/report?type=sla`), 200);
  assert.deepEqual(sla.rows, []);
  const csv = await t.owner.call(
    "GET",
    `${API}/report?type=volume&from=${today}&to=${today}&format=csv`,
  );
  assert.equal(csv.status, 200);
  assert.match(csv.headers.get("content-type")!, /text\/csv/);
  assert.equal(await csv.text(), `\uFEFFday,created,resolved\r\n${today},2,1\r\n`);
  await problem(await t.owner.call("GET", `${API}/report?type=nope`), 400);
  await problem(await t.owner.call("GET", `${API}/report?from=2026-05-01&to=2026-01-01`), 400);
  await problem(await member.call("GET", `${API}/report`), 403);
});

itest("support SLA: tickets whose alerts all fired leave the batch (no starvation)", async () => {
  const t = await newTenant();
  await defaultPolicy(t.owner, { name: "No escalation" });
  const c = await customer(t.owner);
  const first = await ticket(t.owner, c.id);
  const { platform } = await testApp();
  const later = Date.now() + 5 * 3_600_000;
  // Batch of one: the first ticket fires its four alerts, then must not come back.
  const batch = (tx: Parameters<Parameters<typeof withScope>[2]>[0]) =>
    dueAlerts(tx, new Date(later), 1);
  assert.deepEqual((await inTenant(t.id, batch)).map((x) => x.id), [first.id]);
  assert.ok((await slaSweep(new Date(later))).includes(t.id));
  await inTenant(t.id, (tx) => checkSla({ sql: tx, bus: platform.bus }, later));
  const fired = await inTenant(t.id, (tx) => tx`select level from support_sla_events`);
  assert.equal(fired.length, 4);
  assert.deepEqual((await inTenant(t.id, batch)).map((x) => x.id), []);
  // Breached for good but nothing left to fire (no escalation): the sweep leaves it alone.
  assert.ok(!(await slaSweep(new Date(later))).includes(t.id));
  const second = await ticket(t.owner, c.id);
  assert.deepEqual((await inTenant(t.id, batch)).map((x) => x.id), [second.id]);
  assert.ok((await slaSweep(new Date(later))).includes(t.id));
  // Answered and resolved: its clocks stop, so nothing is due any more.
  await inTenant(
    t.id,
    (tx) =>
      tx`update support_tickets set first_responded_at = now(), resolved_at = now(),
         status = 'cozuldu' where id = ${second.id}`,
  );
  assert.ok(!(await slaSweep(new Date(later))).includes(t.id));
  // Due times without warning times (written by hand; the product sets both): the check skips
  // such a clock, so neither its query nor the sweep may return it.
  const third = await ticket(t.owner, c.id);
  await inTenant(
    t.id,
    (tx) =>
      tx`update support_tickets set first_response_warn_at = null, resolution_warn_at = null
         where id = ${third.id}`,
  );
  assert.equal((await inTenant(t.id, (tx) => dueAlerts(tx, new Date(later)))).length, 0);
  assert.ok(!(await slaSweep(new Date(later))).includes(t.id));
});

itest("support SLA: a policy that starts to escalate re-arms its breached tickets", async () => {
  const t = await newTenant();
  const policy = await defaultPolicy(t.owner, { name: "Quiet" });
  const c = await customer(t.owner);
  const tk = await ticket(t.owner, c.id);
  const { platform } = await testApp();
  // Breached: the clocks moved five hours back (the trigger re-arms the ticket).
  await inTenant(
    t.id,
    (tx) =>
      tx`update support_tickets set first_response_warn_at = first_response_warn_at - interval '5 hours',
         first_response_due = first_response_due - interval '5 hours',
         resolution_warn_at = resolution_warn_at - interval '5 hours',
         resolution_due = resolution_due - interval '5 hours' where id = ${tk.id}`,
  );
  assert.ok((await slaSweep()).includes(t.id));
  await inTenant(t.id, (tx) => checkSla({ sql: tx, bus: platform.bus }));
  assert.equal((await inTenant(t.id, (tx) => tx`select 1 from support_sla_events`)).length, 4);
  assert.ok(!(await slaSweep()).includes(t.id), "warning and breach fired, nothing else to do");
  await json(
    await t.owner.call("PUT", `${API}/sla-policy/${policy.id}`, {
      escalation: { raisePriority: true },
    }),
    200,
  );
  assert.ok((await slaSweep()).includes(t.id), "the policy escalates now");
  await inTenant(t.id, (tx) => checkSla({ sql: tx, bus: platform.bus }));
  const after = await json(await t.owner.call("GET", `${API}/support-ticket/${tk.id}`), 200);
  assert.equal(after.priority, "kritik", "normal → yuksek → kritik: one step per clock");
  assert.ok(!(await slaSweep()).includes(t.id));
});

itest("schedule sweeps: only the worker role may ask across workspaces", async () => {
  const t = await newTenant();
  for (
    const call of [
      "support_sla_due_tenants(now())",
      "workflow_reminder_tenants(interval '1 day')",
      "workflow_report_due_tenants(now())",
      "mail_flush_tenants(120)",
    ]
  ) {
    const refused = await inTenant(t.id, (tx) => tx.unsafe(`select ${call}`))
      .then(() => null, (err: Error) => err.message);
    assert.match(refused ?? "allowed", /permission denied/, call);
    const { platform } = await testApp();
    await asWorker(platform.db.sql, (tx) => tx.unsafe(`select ${call}`));
  }
});

itest(
  "support SLA: changed clocks re-arm a ticket; a visit with nothing due moves it on",
  async () => {
    const t = await newTenant();
    await defaultPolicy(t.owner);
    const c = await customer(t.owner);
    const tk = await ticket(t.owner, c.id);
    const { platform } = await testApp();
    const later = Date.now() + 5 * 3_600_000;
    await inTenant(t.id, (tx) => checkSla({ sql: tx, bus: platform.bus }, later));
    assert.ok(!(await slaSweep(new Date(later))).includes(t.id), "all four alerts fired");
    // A new priority recomputes the clocks through the API: the ticket is looked at again, and
    // the visit finds its alerts fired and clears the moment.
    await json(
      await t.owner.call("PUT", `${API}/support-ticket/${tk.id}`, { priority: "kritik" }),
      200,
    );
    assert.ok((await slaSweep(new Date(later))).includes(t.id));
    await inTenant(t.id, (tx) => checkSla({ sql: tx, bus: platform.bus }, later));
    assert.ok(!(await slaSweep(new Date(later))).includes(t.id));
    assert.equal((await inTenant(t.id, (tx) => tx`select 1 from support_sla_events`)).length, 4);
    // A ticket from before migration 0034 starts due a visit; with nothing due yet, the visit
    // sets its moment to its first warning.
    const fresh = await ticket(t.owner, c.id);
    await inTenant(
      t.id,
      (tx) => tx`update support_tickets set sla_next_alert_at = '-infinity' where id = ${fresh.id}`,
    );
    assert.ok((await slaSweep()).includes(t.id));
    await inTenant(t.id, (tx) => checkSla({ sql: tx, bus: platform.bus }));
    assert.ok(!(await slaSweep()).includes(t.id));
    const [row] = await inTenant(
      t.id,
      (tx) =>
        tx`select sla_next_alert_at = first_response_warn_at as at_warning from support_tickets
       where id = ${fresh.id}`,
    );
    assert.equal(row.atWarning, true);
  },
);

itest("support SLA: escalation reassigns to the policy's agent and tells them once", async () => {
  const t = await newTenant();
  const first = await t.member(["agent"]);
  const lead = await t.member(["agent"]);
  await defaultPolicy(t.owner, { name: "Reassign", escalation: { reassignTo: lead.id } });
  const c = await customer(t.owner);
  const tk = await ticket(t.owner, c.id, { assigneeId: first.id });
  const { platform } = await testApp();
  const later = Date.now() + 5 * 3_600_000;
  await inTenant(t.id, (tx) => checkSla({ sql: tx, bus: platform.bus }, later));
  await inTenant(t.id, (tx) => checkSla({ sql: tx, bus: platform.bus }, later));
  const after = await json(await t.owner.call("GET", `${API}/support-ticket/${tk.id}`), 200);
  assert.equal(after.assigneeId, lead.id);
  assert.ok(after.history.some((h: { action: string }) => h.action === "escalated"));
  const inbox = await json(await lead.call("GET", "/api/notifications?limit=100"), 200);
  assert.equal(
    inbox.items.filter((n: { title: string }) => n.title.includes("Escalated to you")).length,
    1,
  );
});

itest(
  "support e-mail: internal notes never reach the customer; values are escaped in HTML",
  async () => {
    const t = await newTenant();
    const c = await customer(t.owner, { email: "cust@example.test", name: "<b>Bob</b>" });
    const tk = await ticket(t.owner, c.id, { subject: "<img src=x onerror=alert(1)>" });
    const note = "SECRET internal remark";
    await json(
      await t.owner.call("POST", `${API}/support-ticket/${tk.id}/comments`, {
        body: note,
        visibility: "internal",
      }),
      201,
    );
    await json(
      await t.owner.call("POST", `${API}/support-ticket/${tk.id}/comments`, { body: "Public <i>" }),
      201,
    );
    const mails = await inTenant(
      t.id,
      (tx) => tx`select subject, text_body, html_body from mail_outbox order by created_at, id`,
    );
    assert.equal(mails.length, 2, "opened + the public comment");
    for (const m of mails) {
      assert.ok(!`${m.subject}${m.textBody}${m.htmlBody}`.includes(note));
      assert.doesNotMatch(m.htmlBody, /<img|<b>Bob|<i>/);
    }
    assert.match(mails[1].htmlBody, /Public &lt;i&gt;/);
  },
);

itest("support reports: days are UTC days whatever the database session's time zone", async () => {
  const t = await newTenant();
  const c = await customer(t.owner);
  const tk = await ticket(t.owner, c.id);
  const today = new Date().toISOString().slice(0, 10);
  const { platform } = await testApp();
  const report = await inTenant(t.id, async (tx) => {
    // Late in the UTC day: a +14 session would end "today" at 10:00 UTC and miss it.
    await tx`update support_tickets set created_at = ${today}::date + interval '23 hours'
             where id = ${tk.id}`;
    await tx`set local time zone 'Pacific/Kiritimati'`;
    return await buildReport({ sql: tx, bus: platform.bus }, {
      type: "volume",
      from: today,
      to: today,
    });
  });
  assert.deepEqual(report.rows, [{ day: today, created: 1, resolved: 0 }]);
});

itest(
  "support SLA: moving a ticket to a customer under another contract applies its policy",
  async () => {
    const t = await newTenant();
    const gold = await json(
      await t.owner.call("POST", `${API}/sla-policy`, {
        name: "Gold",
        targets: targets(15, 60),
        calendar: ALWAYS,
      }),
      201,
    );
    const plain = await customer(t.owner);
    const vip = await customer(t.owner, { name: "VIP" });
    await json(
      await t.owner.call("POST", `${API}/contracts`, {
        customerId: vip.id,
        name: "Gold",
        startsOn: "2020-01-01",
        endsOn: "2099-12-31",
        slaPolicyId: gold.id,
      }),
      201,
    );
    const tk = await ticket(t.owner, plain.id);
    assert.equal(tk.slaPolicyId, null);
    const moved = await json(
      await t.owner.call("PUT", `${API}/support-ticket/${tk.id}`, { customerId: vip.id }),
      200,
    );
    assert.equal(moved.slaPolicyId, gold.id);
    assert.equal(Date.parse(moved.resolutionDue) - Date.parse(tk.createdAt), 60 * 60_000);
    const back = await json(
      await t.owner.call("PUT", `${API}/support-ticket/${tk.id}`, { customerId: plain.id }),
      200,
    );
    assert.equal(back.slaPolicyId, null);
    assert.equal(back.slaState, "none");
  },
);
