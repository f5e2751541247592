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

/** Open tickets with a clock past its warning time and not every alert fired yet. */
export async function dueAlerts(sql: Sql, limit = 500): Promise<SlaCandidate[]> {
  return await sql<SlaCandidate[]>`
    select t.id, t.number, t.subject, t.priority, t.assignee_id, t.first_response_warn_at,
      t.first_response_due, t.resolution_warn_at, t.resolution_due, t.first_responded_at,
      t.resolved_at, coalesce(p.escalation, '{}') as escalation
    from support_tickets t left join support_sla_policies p on p.id = t.sla_policy_id
    where t.status in ('acik', 'islemde')
      and ((t.first_responded_at is null and t.first_response_warn_at <= now())
        or (t.resolved_at is null and t.resolution_warn_at <= now()))
      and (select count(*) from support_sla_events e where e.ticket_id = t.id) < 6
    order by t.resolution_warn_at limit ${limit}`;
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
