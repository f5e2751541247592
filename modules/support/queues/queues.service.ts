/** Team queues: each team's open tickets, unassigned first and oldest first. */
import type { SystemActor } from "../../../shared/http/actor.ts";
import { decodeCursor, toPage } from "../../../shared/http/paging.ts";
import { problems } from "../../../shared/http/problem.ts";
import { toTicket } from "../tickets/tickets.lib.ts";
import type { Ticket } from "../tickets/tickets.schemas.ts";
import { findTeam, queueSummaries, queueTickets } from "./queues.repo.ts";
import type { Queue } from "./queues.schemas.ts";

/** Refuses (422) a team id that is not a team of this workspace. */
export async function assertTeam(actor: SystemActor, teamId: string) {
  if (!(await findTeam(actor.sql, teamId))) throw problems.unprocessable("No such team.");
}

/** The team, or 404 (another workspace's id finds nothing). */
export async function getQueueTeam(actor: SystemActor, teamId: string) {
  const team = await findTeam(actor.sql, teamId);
  if (!team) throw problems.notFound("No such team.");
  return team;
}

export async function listQueues(actor: SystemActor): Promise<{ items: Queue[] }> {
  const rows = await queueSummaries(actor.sql);
  return { items: rows.map((r) => ({ ...r, mode: r.mode as Queue["mode"] })) };
}

export async function listQueueTickets(
  actor: SystemActor,
  input: { teamId: string; limit: number; cursor?: string },
): Promise<{ items: Ticket[]; nextCursor: string | null }> {
  await getQueueTeam(actor, input.teamId);
  const after = decodeCursor(input.cursor, ["number", "timestamp", "uuid"]);
  const rows = await queueTickets(actor.sql, input.teamId, input.limit, after);
  const page = toPage(rows, input.limit, (r) => [r.assignedKey, r.createdKey, r.id]);
  return { items: page.items.map(toTicket), nextCursor: page.nextCursor };
}
