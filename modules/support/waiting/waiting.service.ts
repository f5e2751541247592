/**
 * "Waiting on the customer" (or a third party): a pending reason on an `islemde` ticket that
 * stops its SLA clocks. The four statuses stay as they are; the pause is a fact beside them.
 * It ends when an agent resumes, the customer replies, or the ticket leaves `islemde`; the
 * clocks then move on by the business time that passed.
 */
import { uuidv7 } from "uuidv7";
import type { Sql } from "../../../shared/db/database.ts";
import type { Actor, SystemActor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import type { Status } from "../common/common.schemas.ts";
import { slaRepo } from "../sla/sla.repo.ts";
import { findTicket, type TicketRow, updateTicket } from "../tickets/tickets.repo.ts";
import { toTicket } from "../tickets/tickets.lib.ts";
import type { Ticket } from "../tickets/tickets.schemas.ts";
import { changePauseReason, endedPauses, endPause, insertPause } from "./waiting.repo.ts";
import {
  type PendingReason,
  replayPauses,
  type RunningClocks,
  shiftClocks,
} from "./waiting.rules.ts";

const at = (v: string | Date | null) => (v === null ? null : new Date(v));

const runningClocks = (row: TicketRow): RunningClocks => ({
  firstRespondedAt: at(row.firstRespondedAt),
  firstResponseWarnAt: at(row.firstResponseWarnAt),
  firstResponseDue: at(row.firstResponseDue),
  resolvedAt: at(row.resolvedAt),
  resolutionWarnAt: at(row.resolutionWarnAt),
  resolutionDue: at(row.resolutionDue),
});

async function calendarOf(sql: Sql, policyId: string | null) {
  return policyId ? (await slaRepo.get(sql, policyId))?.calendar ?? null : null;
}

async function lockedTicket(sql: Sql, id: string) {
  const row = await findTicket(sql, id, true);
  if (!row) throw problems.notFound("No such ticket.");
  return row;
}

/**
 * Ends the running pause of `row` at `now`: records it and returns the fields that clear the
 * pending state and move the clocks on (clocks in `changed` win over the row's, e.g. ones just
 * recomputed for a new priority).
 */
async function finishPause(
  sql: Sql,
  row: TicketRow,
  now: Date,
  changed: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const clocks = { ...runningClocks(row), ...pick(changed) };
  const policyId = (changed.slaPolicyId as string | null | undefined) ?? row.slaPolicyId;
  const shift = shiftClocks(clocks, new Date(row.pausedAt!), now, await calendarOf(sql, policyId));
  await endPause(sql, row.id, now, shift.businessMinutes);
  return { ...shift.clocks, pendingReason: null, pausedAt: null };
}

/** The clock fields among changed ones (as dates). */
function pick(changed: Record<string, unknown>): Partial<RunningClocks> {
  const out: Partial<RunningClocks> = {};
  for (
    const k of ["firstResponseWarnAt", "firstResponseDue", "resolutionWarnAt", "resolutionDue"]
  ) {
    if (k in changed) (out as Record<string, Date | null>)[k] = at(changed[k] as Date | null);
  }
  return out;
}

async function resume(
  sql: Sql,
  row: TicketRow,
  how: { action: "resumed" | "customerReplied"; summary: string },
) {
  const fields = await finishPause(sql, row, new Date());
  await updateTicket(sql, row.id, fields);
  const after = (await findTicket(sql, row.id))!;
  await recordActivity({ sql }, {
    module: "support",
    entityType: "ticket",
    entityId: row.id,
    action: how.action,
    summary: `${how.summary} ${row.number}`,
    before: toTicket(row),
    after: toTicket(after),
    ignore: ["updatedAt", "slaState"],
  });
  return toTicket(after);
}

/**
 * Ends the running pause of a ticket that is being closed without a status change through
 * tickets.service (a merge): the clocks move on by the paused business time, as on a resolve,
 * so the closed ticket is not counted as breached for time it spent waiting. No pause: no-op.
 */
export async function endPauseBeforeClose(sql: Sql, row: TicketRow): Promise<void> {
  if (!row.pausedAt) return;
  await updateTicket(sql, row.id, await finishPause(sql, row, new Date()));
}

/** Puts an `islemde` ticket on hold for a reason (422 in any other status). */
export async function setPending(
  actor: Actor,
  input: { id: string; reason: PendingReason },
): Promise<Ticket> {
  const { sql } = actor;
  const row = await lockedTicket(sql, input.id);
  if (row.status !== "islemde") {
    throw problems.unprocessable("Only a ticket in progress (islemde) can wait.");
  }
  if (row.pendingReason === input.reason) return toTicket(row);
  if (row.pausedAt) {
    // Already waiting: only the reason changes, the pause (and its start) goes on.
    await changePauseReason(sql, row.id, input.reason);
    await updateTicket(sql, row.id, { pendingReason: input.reason });
  } else {
    const now = new Date();
    await insertPause(sql, {
      id: uuidv7(),
      ticketId: row.id,
      reason: input.reason,
      startedAt: now,
    });
    await updateTicket(sql, row.id, { pendingReason: input.reason, pausedAt: now });
  }
  const after = (await findTicket(sql, row.id))!;
  await recordActivity({ sql }, {
    module: "support",
    entityType: "ticket",
    entityId: row.id,
    action: "waiting",
    summary: `${row.number} waits on ${
      input.reason === "customer" ? "the customer" : "a third party"
    }`,
    before: toTicket(row),
    after: toTicket(after),
    ignore: ["updatedAt", "slaState"],
  });
  return toTicket(after);
}

/** An agent resumes a waiting ticket; a ticket that does not wait is returned unchanged. */
export async function resumeTicket(actor: Actor, id: string): Promise<Ticket> {
  const row = await lockedTicket(actor.sql, id);
  if (!row.pausedAt) return toTicket(row);
  return await resume(actor.sql, row, { action: "resumed", summary: "Resumed" });
}

/**
 * Ends the "waiting on customer" pause of a ticket because the customer replied.
 * Called by the inbound e-mail intake after it added the reply as a comment.
 * Does nothing when the ticket is not paused (or not found), or waits on a third party: the
 * customer's word does not bring the supplier's answer.
 */
export async function resumeOnCustomerReply(
  actor: SystemActor,
  ticketId: string,
): Promise<void> {
  const row = await findTicket(actor.sql, ticketId, true);
  if (!row?.pausedAt || row.pendingReason !== "customer") return;
  await resume(actor.sql, row, { action: "customerReplied", summary: "Customer replied on" });
}

/**
 * For a ticket change (tickets.service): the fields a change must also write because of
 * pauses. Clocks recomputed from the opening time get the earlier pauses applied again; a
 * move out of `islemde` ends the running pause (its clocks moved on by the paused time).
 */
export async function pauseFieldsForChange(
  actor: SystemActor,
  before: TicketRow,
  to: Status,
  changed: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const { sql } = actor;
  const out: Record<string, unknown> = {};
  if ("resolutionDue" in changed) {
    const pauses = await endedPauses(sql, before.id);
    if (pauses.length) {
      const policyId = (changed.slaPolicyId as string | null | undefined) ?? before.slaPolicyId;
      Object.assign(
        out,
        replayPauses(
          { ...runningClocks(before), ...pick(changed) },
          pauses.map((p) => ({ startedAt: new Date(p.startedAt), endedAt: new Date(p.endedAt) })),
          await calendarOf(sql, policyId),
        ),
      );
    }
  }
  if (before.pausedAt && to !== "islemde") {
    Object.assign(out, await finishPause(sql, before, new Date(), { ...changed, ...out }));
  }
  return out;
}
