import assert from "node:assert/strict";
import { type Caller, itest, newTenant, problem, testApp } from "../helpers.ts";
import { withScope } from "../../shared/db/scope.ts";
import { checkSla } from "../../modules/support/sla/sla.job.service.ts";
import { resumeOnCustomerReply } from "../../modules/support/waiting/waiting.service.ts";
import { replayPauses, shiftClocks } from "../../modules/support/waiting/waiting.rules.ts";
import {
  addBusinessMinutes,
  businessMinutesBetween,
  type Calendar,
} from "../../modules/support/sla/business-hours.rules.ts";
import { ALWAYS, API, customer, defaultPolicy, json, ticket } from "./fixtures.ts";

// ---- The rules (pure): a pause moves the clocks on by business time only. ----

/** Istanbul (UTC+3 all year), Monday to Friday 09:00–17:00. */
const WEEKDAYS: Calendar = {
  timeZone: "Europe/Istanbul",
  weekly: Object.fromEntries(["1", "2", "3", "4", "5"].map((d) => [d, [["09:00", "17:00"]]])),
  holidays: [],
};
/** A local Istanbul wall time as an instant. */
const ist = (wall: string) => new Date(`${wall}+03:00`);
const running = (due: Date) => ({
  firstRespondedAt: ist("2026-11-23T10:00"),
  firstResponseWarnAt: ist("2026-11-23T09:30"),
  firstResponseDue: ist("2026-11-23T11:00"),
  resolvedAt: null,
  resolutionWarnAt: new Date(due.getTime() - 15 * 60_000),
  resolutionDue: due,
});

Deno.test("waiting rules: a pause over a weekend moves the due time by business time only", () => {
  // Paused Friday 16:00, resumed Monday 10:00: 60 + 60 business minutes, not 66 hours.
  const due = ist("2026-11-27T16:30");
  const r = shiftClocks(running(due), ist("2026-11-27T16:00"), ist("2026-11-30T10:00"), WEEKDAYS);
  assert.equal(r.businessMinutes, 120);
  // The 30 minutes left at the pause run from the resume: Monday 10:30.
  assert.deepEqual(r.clocks.resolutionDue, ist("2026-11-30T10:30"));
  assert.deepEqual(r.clocks.resolutionWarnAt, ist("2026-11-30T10:15"));
  // The first-response clock had stopped (answered): it stays.
  assert.deepEqual(r.clocks.firstResponseDue, ist("2026-11-23T11:00"));
});

Deno.test("waiting rules: a holiday inside the pause does not count", () => {
  const cal = { ...WEEKDAYS, holidays: ["2026-11-30"] }; // Monday off
  const due = ist("2026-11-27T16:30");
  const r = shiftClocks(running(due), ist("2026-11-27T16:00"), ist("2026-12-01T10:00"), cal);
  assert.equal(r.businessMinutes, 120);
  assert.deepEqual(r.clocks.resolutionDue, ist("2026-12-01T10:30"));
});

Deno.test("waiting rules: no business time, a breach before the pause, no policy: no move", () => {
  const due = ist("2026-11-30T12:00");
  // Saturday to Sunday: no working minute passed.
  const weekend = shiftClocks(
    running(due),
    ist("2026-11-28T10:00"),
    ist("2026-11-29T18:00"),
    WEEKDAYS,
  );
  assert.equal(weekend.businessMinutes, 0);
  assert.deepEqual(weekend.clocks.resolutionDue, due);
  // Already breached when the pause began: the breach stands.
  const late = shiftClocks(
    running(ist("2026-11-27T10:00")),
    ist("2026-11-27T11:00"),
    ist("2026-11-27T15:00"),
    WEEKDAYS,
  );
  assert.equal(late.businessMinutes, 240);
  assert.deepEqual(late.clocks.resolutionDue, ist("2026-11-27T10:00"));
  const none = shiftClocks(running(due), ist("2026-11-27T11:00"), ist("2026-11-27T15:00"), null);
  assert.equal(none.businessMinutes, 0);
});

Deno.test("waiting rules: clocks recomputed later get the earlier pauses again", () => {
  const due = ist("2026-11-30T12:00");
  const pauses = [
    { startedAt: ist("2026-11-27T16:00"), endedAt: ist("2026-11-30T10:00") }, // 120
    { startedAt: ist("2026-11-30T11:00"), endedAt: ist("2026-11-30T11:30") }, // 30
  ];
  const out = replayPauses(running(due), pauses, WEEKDAYS);
  assert.deepEqual(out.resolutionDue, ist("2026-11-30T14:30"));
});

// ---- Through HTTP. ----

const pend = (who: Caller, id: string, body: unknown = { reason: "customer" }) =>
  who.call("POST", `${API}/support-ticket/${id}/pending`, body);
const resume = (who: Caller, id: string) =>
  who.call("DELETE", `${API}/support-ticket/${id}/pending`);

async function inTenant<T>(
  tenantId: string,
  fn: (tx: Parameters<Parameters<typeof withScope>[2]>[0]) => Promise<T>,
) {
  const { platform } = await testApp();
  return await withScope(platform.db.sql, { tenantId }, fn);
}

async function inProgress(who: Caller, customerId: string) {
  const tk = await ticket(who, customerId);
  return await json(
    await who.call("PUT", `${API}/support-ticket/${tk.id}`, { status: "islemde" }),
    200,
  );
}

itest("support waiting: pending only from islemde; 400, 403, another tenant's 404", async () => {
  const t = await newTenant();
  const agent = await t.member(["agent"]);
  const c = await customer(t.owner);
  const open = await ticket(agent, c.id);
  const refused = await problem(await pend(agent, open.id), 422);
  assert.match(refused.detail ?? refused.title, /islemde/);
  const tk = await inProgress(agent, c.id);
  await problem(await pend(agent, tk.id, { reason: "holiday" }), 400);
  const viewer = await t.member(["viewer"]);
  await problem(await pend(viewer, tk.id), 403);
  await problem(await resume(viewer, tk.id), 403);
  const other = await newTenant();
  await problem(await pend(other.owner, tk.id), 404);
  await problem(await resume(other.owner, tk.id), 404);
  const fresh = await json(await agent.call("GET", `${API}/support-ticket/${tk.id}`), 200);
  assert.equal(fresh.pendingReason, null, "unchanged by the refused calls");

  const waiting = await json(await pend(agent, tk.id), 200);
  assert.equal(waiting.pendingReason, "customer");
  assert.equal(waiting.status, "islemde", "the four statuses stay as they are");
  assert.ok(waiting.pausedAt);
  const third = await json(await pend(agent, tk.id, { reason: "third_party" }), 200);
  assert.equal(third.pendingReason, "third_party");
  assert.equal(third.pausedAt, waiting.pausedAt, "the same pause goes on");
  const back = await json(await resume(agent, tk.id), 200);
  assert.equal(back.pendingReason, null);
  assert.equal(back.pausedAt, null);
  const again = await json(await resume(agent, tk.id), 200);
  assert.equal(again.pausedAt, null, "resuming a ticket that does not wait changes nothing");
  const detail = await json(await agent.call("GET", `${API}/support-ticket/${tk.id}`), 200);
  const actions = detail.history.map((h: { action: string }) => h.action);
  assert.ok(actions.includes("waiting") && actions.includes("resumed"), String(actions));
});

itest(
  "support waiting: the SLA check fires nothing while paused; resuming shifts the clocks",
  async () => {
    const t = await newTenant();
    await defaultPolicy(t.owner);
    const c = await customer(t.owner);
    const tk = await inProgress(t.owner, c.id);
    await json(await pend(t.owner, tk.id), 200);
    const { platform } = await testApp();
    const [armed] = await inTenant(
      t.id,
      (tx) => tx`select sla_next_alert_at from support_tickets where id = ${tk.id}`,
    );
    assert.equal(armed.slaNextAlertAt, null, "a paused ticket has no alert to watch");
    // Ten hours on, past every due time: nothing fires while it waits.
    await inTenant(
      t.id,
      (tx) => checkSla({ sql: tx, bus: platform.bus }, Date.now() + 10 * 3_600_000),
    );
    const events = await inTenant(t.id, (tx) => tx`select 1 from support_sla_events`);
    assert.equal(events.length, 0);
    // The pause began two hours ago (moved back instead of waiting).
    await inTenant(t.id, async (tx) => {
      await tx`update support_tickets set paused_at = paused_at - interval '2 hours'
      where id = ${tk.id}`;
      await tx`update support_ticket_pauses set started_at = started_at - interval '2 hours'
      where ticket_id = ${tk.id}`;
    });
    const before = await json(await t.owner.call("GET", `${API}/support-ticket/${tk.id}`), 200);
    assert.equal(before.slaState, "ok", "the state is read at the pause's start");
    const after = await json(await resume(t.owner, tk.id), 200);
    const moved = (Date.parse(after.resolutionDue) - Date.parse(before.resolutionDue)) / 60_000;
    assert.ok(Math.abs(moved - 120) < 1, `moved by ${moved} minutes`);
    assert.equal(after.firstResponseDue, before.firstResponseDue, "answered: that clock stays");
    const [rearmed] = await inTenant(
      t.id,
      (tx) => tx`select sla_next_alert_at from support_tickets where id = ${tk.id}`,
    );
    assert.ok(rearmed.slaNextAlertAt, "watched again after the resume");
  },
);

itest(
  "support waiting: a holiday in the pause does not count (the policy's calendar)",
  async () => {
    const t = await newTenant();
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const calendar = { ...ALWAYS, holidays: [yesterday] } as Calendar;
    await defaultPolicy(t.owner, { calendar });
    const c = await customer(t.owner);
    const tk = await inProgress(t.owner, c.id);
    await json(await pend(t.owner, tk.id), 200);
    await inTenant(t.id, async (tx) => {
      await tx`update support_tickets set paused_at = paused_at - interval '30 hours'
      where id = ${tk.id}`;
      await tx`update support_ticket_pauses set started_at = started_at - interval '30 hours'
      where ticket_id = ${tk.id}`;
    });
    const before = await json(await t.owner.call("GET", `${API}/support-ticket/${tk.id}`), 200);
    const after = await json(await resume(t.owner, tk.id), 200);
    const [pause] = await inTenant(
      t.id,
      (tx) =>
        tx`select started_at, ended_at, business_minutes from support_ticket_pauses
       where ticket_id = ${tk.id}`,
    );
    const minutes = businessMinutesBetween(
      new Date(pause.startedAt),
      new Date(pause.endedAt),
      calendar,
    );
    assert.ok(minutes < 30 * 60 - 60, "yesterday's hours are not counted");
    assert.ok(Math.abs(Number(pause.businessMinutes) - minutes) < 0.01);
    assert.equal(
      Date.parse(after.resolutionDue),
      addBusinessMinutes(new Date(before.resolutionDue), minutes, calendar).getTime(),
    );
  },
);

itest("support waiting: a customer's reply or a move out of islemde ends the pause", async () => {
  const t = await newTenant();
  await defaultPolicy(t.owner);
  const c = await customer(t.owner);
  const tk = await inProgress(t.owner, c.id);
  await json(await pend(t.owner, tk.id), 200);
  const { platform } = await testApp();
  await inTenant(t.id, (tx) => resumeOnCustomerReply({ sql: tx, bus: platform.bus }, tk.id));
  const replied = await json(await t.owner.call("GET", `${API}/support-ticket/${tk.id}`), 200);
  assert.equal(replied.pendingReason, null);
  assert.ok(replied.history.some((h: { action: string }) => h.action === "customerReplied"));
  // A reply to a ticket that does not wait changes nothing.
  await inTenant(t.id, (tx) => resumeOnCustomerReply({ sql: tx, bus: platform.bus }, tk.id));

  await json(await pend(t.owner, tk.id), 200);
  const resolved = await json(
    await t.owner.call("PUT", `${API}/support-ticket/${tk.id}`, { status: "cozuldu" }),
    200,
  );
  assert.equal(resolved.pendingReason, null);
  assert.equal(resolved.pausedAt, null);
  const pauses = await inTenant(
    t.id,
    (tx) => tx`select ended_at from support_ticket_pauses where ticket_id = ${tk.id}`,
  );
  assert.equal(pauses.length, 2);
  assert.ok(pauses.every((p) => p.endedAt), "both pauses ended");
  // A priority change recomputes the clocks from the opening time with the pauses applied.
  const reopened = await json(
    await t.owner.call("PUT", `${API}/support-ticket/${tk.id}`, { status: "islemde" }),
    200,
  );
  const repriced = await json(
    await t.owner.call("PUT", `${API}/support-ticket/${tk.id}`, { priority: "yuksek" }),
    200,
  );
  assert.ok(Date.parse(repriced.resolutionDue) >= Date.parse(tk.resolutionDue));
  assert.equal(reopened.status, "islemde");
});

itest("support waiting: the team report leaves paused time out of time to resolution", async () => {
  const t = await newTenant();
  const agent = await t.member(["agent"]);
  const c = await customer(t.owner);
  const tk = await inProgress(t.owner, c.id);
  await json(
    await t.owner.call("POST", `${API}/support-ticket/${tk.id}/assign`, { assigneeId: agent.id }),
    200,
  );
  await json(await pend(t.owner, tk.id), 200);
  // Opened three hours ago, waiting on the customer for two of them.
  await inTenant(t.id, async (tx) => {
    await tx`update support_tickets set created_at = created_at - interval '3 hours',
      paused_at = paused_at - interval '2 hours' where id = ${tk.id}`;
    await tx`update support_ticket_pauses set started_at = started_at - interval '2 hours'
      where ticket_id = ${tk.id}`;
  });
  await json(await resume(t.owner, tk.id), 200);
  await json(
    await t.owner.call("PUT", `${API}/support-ticket/${tk.id}`, { status: "cozuldu" }),
    200,
  );
  const from = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const report = await json(
    await t.owner.call("GET", `${API}/report?type=team&from=${from}`),
    200,
  );
  const row = report.rows.find((r: { agentId: string }) => r.agentId === agent.id);
  assert.ok(row, JSON.stringify(report.rows));
  assert.ok(
    Math.abs(row.medianResolutionMinutes - 60) <= 1,
    `three hours open minus two waiting: ${row.medianResolutionMinutes}`,
  );
});

itest("support waiting: SLA compliance does not count a waiting ticket as breached", async () => {
  const t = await newTenant();
  await defaultPolicy(t.owner);
  const c = await customer(t.owner);
  const tk = await inProgress(t.owner, c.id);
  await json(await pend(t.owner, tk.id), 200);
  // Waiting since two hours ago; its due time (one hour ago) came during the pause.
  await inTenant(t.id, (tx) =>
    tx`update support_tickets set paused_at = now() - interval '2 hours',
      resolution_due = now() - interval '1 hour', resolution_warn_at = now() - interval '90 minutes'
      where id = ${tk.id}`);
  const from = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const sla = async () =>
    (await json(await t.owner.call("GET", `${API}/report?type=sla&from=${from}`), 200)).rows;
  const breached = (rows: { breached: number }[]) => rows.reduce((n, r) => n + r.breached, 0);
  assert.equal(breached(await sla()), 0, "the clock stood still before its due time");
  const detail = await json(await t.owner.call("GET", `${API}/support-ticket/${tk.id}`), 200);
  assert.equal(detail.slaState, "ok");
  // The same ticket not waiting is breached: the report does see it.
  await inTenant(
    t.id,
    (tx) => tx`update support_ticket_pauses set ended_at = now() where ticket_id = ${tk.id}`,
  );
  await inTenant(
    t.id,
    (tx) =>
      tx`update support_tickets set paused_at = null, pending_reason = null where id = ${tk.id}`,
  );
  assert.equal(breached(await sla()), 1);
});
