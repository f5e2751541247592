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

/**
 * Open tickets whose next SLA moment has come (`sla_next_alert_at`, migration 0034): each has an
 * alert due, or had its clocks changed since the last visit. The check fires what is due and
 * then moves the moment on (moveOn), so a ticket whose alerts all fired leaves the batch and
 * cannot starve newer ones. The tickets stay locked until the check commits: a change that
 * re-arms one meanwhile (a policy starting to escalate) waits and lands after moveOn, instead of
 * being overwritten by a moment computed from what it read before; one being changed right now
 * is skipped and found next minute.
 */
export async function dueAlerts(sql: Sql, now = new Date(), limit = 500): Promise<SlaCandidate[]> {
  return await sql<SlaCandidate[]>`
    select t.id, t.number, t.subject, t.priority, t.assignee_id, t.first_response_warn_at,
      t.first_response_due, t.resolution_warn_at, t.resolution_due, t.first_responded_at,
      t.resolved_at, coalesce(p.escalation, '{}') as escalation
    from support_tickets t left join support_sla_policies p on p.id = t.sla_policy_id
    where t.status in ('acik', 'islemde') and t.sla_next_alert_at <= ${now}
    order by t.sla_next_alert_at, t.id limit ${limit}
    for update of t skip locked`;
}

/** After a visit: the ticket's next alert still to fire, from its clocks and fired alerts. */
export async function moveOn(sql: Sql, id: string) {
  await sql`
    update support_tickets t set sla_next_alert_at = least(
      support_sla_clock_next(t.tenant_id, t.id, 'firstResponse', t.first_responded_at,
        t.first_response_warn_at, t.first_response_due, p.escalation),
      support_sla_clock_next(t.tenant_id, t.id, 'resolution', t.resolved_at,
        t.resolution_warn_at, t.resolution_due, p.escalation))
    from support_tickets s left join support_sla_policies p on p.id = s.sla_policy_id
    where s.id = ${id} and t.id = s.id`;
}

/** The workspaces with an alert due at `now` (the scheduler's sweep, as the worker role). */
export async function tenantsWithDueAlerts(sql: Sql, now: Date): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`select support_sla_due_tenants(${now}) as id`;
  return rows.map((r) => r.id);
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
