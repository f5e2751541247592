import type { Sql } from "../../../shared/db/database.ts";

export interface SlaCandidate {
  id: string;
  number: string;
  subject: string;
  priority: string;
  assigneeId: string | null;
  firstResponseWarnAt: string | null;
  firstResponseDue: string | null;
  resolutionWarnAt: string | null;
  resolutionDue: string | null;
  firstRespondedAt: string | null;
  resolvedAt: string | null;
  escalation: { userId?: string; teamId?: string; raisePriority?: boolean; reassignTo?: string };
}

const ESCALATES = `(coalesce(p.escalation->>'userId', p.escalation->>'teamId',
  p.escalation->>'reassignTo') is not null or coalesce((p.escalation->>'raisePriority')::boolean, false))`;

/** An alert of one clock that is due and has not fired yet. */
const unfired = (clock: string, done: string, warn: string, due: string) => `
  (t.${done} is null and (
    (t.${warn} <= $now and not exists (select 1 from support_sla_events e
      where e.ticket_id = t.id and e.clock = '${clock}' and e.level = 'warning'))
    or (t.${due} <= $now and not exists (select 1 from support_sla_events e
      where e.ticket_id = t.id and e.clock = '${clock}' and e.level = 'breach'))
    or (t.${due} <= $now and ${ESCALATES} and not exists (select 1 from support_sla_events e
      where e.ticket_id = t.id and e.clock = '${clock}' and e.level = 'escalation'))))`;

// Only tickets with an alert still to fire: ones whose alerts all fired (or that need no
// escalation) must not fill the batch and starve newer tickets.
const PENDING = `(${
  unfired("firstResponse", "first_responded_at", "first_response_warn_at", "first_response_due")
} or ${unfired("resolution", "resolved_at", "resolution_warn_at", "resolution_due")})`;

/** Open tickets with an SLA alert due at `now` that has not fired yet. */
export async function dueAlerts(sql: Sql, now = new Date(), limit = 500): Promise<SlaCandidate[]> {
  const pending = sql.unsafe(PENDING.replaceAll("$now", `'${now.toISOString()}'::timestamptz`));
  return await sql<SlaCandidate[]>`
    select t.id, t.number, t.subject, t.priority, t.assignee_id, t.first_response_warn_at,
      t.first_response_due, t.resolution_warn_at, t.resolution_due, t.first_responded_at,
      t.resolved_at, coalesce(p.escalation, '{}') as escalation
    from support_tickets t left join support_sla_policies p on p.id = t.sla_policy_id
    where t.status in ('acik', 'islemde') and ${pending}
    order by t.resolution_warn_at, t.id limit ${limit}`;
}

/** Records an alert; false when it had fired already. */
export async function fireEvent(sql: Sql, ticketId: string, clock: string, level: string) {
  const rows = await sql`insert into support_sla_events (ticket_id, clock, level)
    values (${ticketId}, ${clock}, ${level}) on conflict do nothing returning ticket_id`;
  return rows.length > 0;
}

export async function updateForEscalation(
  sql: Sql,
  id: string,
  priority: string,
  assigneeId: string | null,
) {
  await sql`update support_tickets set priority = ${priority}, assignee_id = ${assigneeId},
            updated_at = now() where id = ${id}`;
}
