import type { Actor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import { eventPublisher } from "../../../platform/notifications/public.ts";
import { attachments } from "../../documents/public.ts";
import { supportEvents } from "../events.ts";
import { ticketOwner as ticketFiles } from "../attachments/attachments.lib.ts";
import { findTicket, type TicketRow } from "../tickets/tickets.repo.ts";
import { toTicket } from "../tickets/tickets.lib.ts";
import { changeTicket, eventData } from "../tickets/tickets.service.ts";
import { endPauseBeforeClose } from "../waiting/waiting.service.ts";
import {
  closeMerged,
  mergedInto,
  moveComments,
  moveMailIds,
  ticketIdByNumber,
} from "./merge.repo.ts";
import { lockOrder, mergedTags, mergeRefusal } from "./merge.rules.ts";
import type { MergeResult } from "./merge.schemas.ts";

const publish = eventPublisher(supportEvents);

/**
 * Merges ticket `id` into `intoId`: the target takes the source's comments (their times kept),
 * its files, its mail thread (later replies land on the target) and its tags; the source is
 * closed and points at the target; both histories say so. One transaction (the request's).
 */
export async function mergeTicket(
  actor: Actor,
  { id, intoId }: { id: string; intoId: string },
): Promise<MergeResult> {
  const { sql } = actor;
  if (id === intoId) throw problems.unprocessable("A ticket cannot be merged into itself.");
  // Both rows locked, always in id order: two merges of the same pair cannot deadlock.
  const rows = new Map<string, TicketRow | undefined>();
  for (const x of lockOrder(id, intoId)) rows.set(x, await findTicket(sql, x, true));
  const source = rows.get(id);
  const target = rows.get(intoId);
  if (!source || !target) throw problems.notFound("No such ticket.");
  const refusal = mergeRefusal(source, target);
  if (refusal) throw problems.unprocessable(refusal);

  const movedComments = await moveComments(sql, id, intoId);
  const movedFiles = await attachments.moveAll(actor, {
    from: ticketFiles(id),
    to: ticketFiles(intoId),
  });
  await moveMailIds(sql, id, intoId);
  const tags = mergedTags(target.tags, source.tags);
  if (tags.length !== target.tags.length) {
    // At most 20 tags a ticket (the API's limit): the target's own come first.
    await changeTicket(actor, { id: intoId, patch: { tags: tags.slice(0, 20) } });
  }
  // A closed ticket waits for nothing: the pause ends first, its time not counted against the SLA.
  await endPauseBeforeClose(sql, source);
  await closeMerged(sql, id, intoId);
  const merged = (await findTicket(sql, id))!;
  const after = (await findTicket(sql, intoId))!;
  await recordActivity({ sql }, {
    module: "support",
    entityType: "ticket",
    entityId: id,
    action: "merged",
    summary: `Merged ${source.number} into ${target.number}`,
    before: { status: source.status, mergedIntoId: null },
    after: { status: merged.status, mergedIntoId: intoId },
  });
  await recordActivity({ sql }, {
    module: "support",
    entityType: "ticket",
    entityId: intoId,
    action: "mergedIn",
    summary: `Merged ${source.number} into ${target.number}`,
  });
  await publish(
    sql,
    "support.ticket.merged",
    await eventData(sql, merged, {
      into: { id: after.id, number: after.number, subject: after.subject },
    }),
  );
  return {
    ticket: toTicket(after),
    merged: toTicket(merged),
    movedComments,
    movedFiles: movedFiles.length,
  };
}

/** The merge dialog names the target by its number (T-2026-00042). */
export async function mergeByNumber(actor: Actor, { id, number }: { id: string; number: string }) {
  const intoId = await ticketIdByNumber(actor.sql, number.trim());
  if (!intoId) throw problems.unprocessable("No ticket has this number.");
  return await mergeTicket(actor, { id, intoId });
}

/** The ticket a merged one points at (its page links there), or null. */
export async function mergeTarget(actor: Actor, id: string) {
  return await mergedInto(actor.sql, id);
}
