-- Frequent per-tenant schedules fan out only to the workspaces that have work (issue 13). The
-- SLA check ran every minute for every active workspace, the task reminders and the report
-- archive every few minutes: with 100 workspaces about 130 jobs a minute, nearly all of them
-- finding nothing, and their burst at each minute boundary stalled the requests being served.
-- Now the scheduler first asks one narrow security-definer function per schedule which
-- workspaces have something due (ids only, nothing else crosses tenants), as the share-link
-- lookup (0023) and the sign-in functions (0030) do; it keeps the active ones among them.

-- The schema owner runs the definer functions; under FORCE it needs a policy to read at all.
create policy schema_owner on support_tickets for select to current_user using (true);
create policy schema_owner on workflow_tasks for select to current_user using (true);
create policy schema_owner on workflow_reports for select to current_user using (true);

-- SLA. Each open ticket keeps the next moment an alert of it may be due (sla_next_alert_at): its
-- clocks' first moment whenever they change (trigger below), moved on by the check after each
-- visit to the next alert still to fire (null: none). The check and the sweep read only tickets
-- whose moment has come, through one index, so their cost follows the alerts due, not the open
-- tickets (computing "due and not fired" for every open ticket past its warning took 1 s a
-- minute with 55,000 of them, all fired).

-- The earliest moment a ticket's running clocks need looking at (null: none runs). A clock runs
-- while it is not stopped and has both its times, as the check (sla.job.ts) requires: before,
-- tickets with a due time but no warning time (the product makes none; the API bench's seed
-- does) matched the check's query and were skipped by it, every minute, filling its batch.
create function support_sla_watch_at(
  first_responded_at timestamptz, first_response_warn_at timestamptz,
  first_response_due timestamptz, resolved_at timestamptz, resolution_warn_at timestamptz,
  resolution_due timestamptz
) returns timestamptz
  language sql immutable parallel safe
as $$
  select least(
    case when first_responded_at is null and first_response_warn_at is not null
      and first_response_due is not null
      then least(first_response_warn_at, first_response_due) end,
    case when resolved_at is null and resolution_warn_at is not null
      and resolution_due is not null
      then least(resolution_warn_at, resolution_due) end)
$$;

-- Whether a policy's escalation does anything (someone to tell, a priority, a reassignment).
create function support_sla_escalates(escalation jsonb) returns boolean
  language sql immutable parallel safe
as $$
  select coalesce(escalation->>'userId', escalation->>'teamId', escalation->>'reassignTo')
      is not null or coalesce((escalation->>'raisePriority')::boolean, false)
$$;

-- One clock of one ticket: the earliest of its alerts (warning at the warning time; breach and,
-- when the policy escalates, escalation at the due time) that has not fired; null when none is
-- left or the clock does not run. (Parameter names differ from every column name: in SQL
-- functions a column wins.)
create function support_sla_clock_next(
  of_tenant uuid, of_ticket uuid, clock_name text, stopped_at timestamptz, warn_time timestamptz,
  due_time timestamptz, policy_escalation jsonb
) returns timestamptz
  language sql stable
as $$
  select case when stopped_at is null and warn_time is not null and due_time is not null then
    least(
      case when not exists (select 1 from support_sla_events e
          where e.tenant_id = of_tenant and e.ticket_id = of_ticket and e.clock = clock_name
            and e.level = 'warning')
        then warn_time end,
      case when not exists (select 1 from support_sla_events e
          where e.tenant_id = of_tenant and e.ticket_id = of_ticket and e.clock = clock_name
            and e.level = 'breach')
        or (support_sla_escalates(policy_escalation) and not exists (
          select 1 from support_sla_events e
          where e.tenant_id = of_tenant and e.ticket_id = of_ticket and e.clock = clock_name
            and e.level = 'escalation'))
        then due_time end)
  end
$$;

-- Existing tickets are due a visit at once (a fast default, no rewrite and no row security to
-- pass): the first checks after the upgrade set each open ticket's moment.
alter table support_tickets add column sla_next_alert_at timestamptz default '-infinity';
alter table support_tickets alter column sla_next_alert_at drop default;
create index support_tickets_sla_next on support_tickets (sla_next_alert_at)
  where status in ('acik', 'islemde');

-- Clocks set, moved, stopped or restarted (a reopened ticket, a new priority): look again at the
-- clocks' first moment; the check then finds what is left to fire.
create function support_sla_rearm() returns trigger
  language plpgsql
as $$
begin
  new.sla_next_alert_at := support_sla_watch_at(new.first_responded_at,
    new.first_response_warn_at, new.first_response_due, new.resolved_at,
    new.resolution_warn_at, new.resolution_due);
  return new;
end
$$;
create trigger sla_rearm before insert or update of status, sla_policy_id, first_responded_at,
  first_response_warn_at, first_response_due, resolved_at, resolution_warn_at, resolution_due
  on support_tickets for each row execute function support_sla_rearm();

-- A policy that starts to escalate: its open tickets whose alerts had all fired have one more.
create function support_sla_policy_rearm() returns trigger
  language plpgsql
as $$
begin
  update support_tickets t set sla_next_alert_at = support_sla_watch_at(t.first_responded_at,
      t.first_response_warn_at, t.first_response_due, t.resolved_at, t.resolution_warn_at,
      t.resolution_due)
  where t.tenant_id = new.tenant_id and t.sla_policy_id = new.id
    and t.status in ('acik', 'islemde');
  return null;
end
$$;
create trigger sla_policy_rearm after update of escalation on support_sla_policies
  for each row when (old.escalation is distinct from new.escalation)
  execute function support_sla_policy_rearm();

-- Workspaces with an open ticket whose next SLA moment has come.
create function support_sla_due_tenants(now_ timestamptz) returns setof uuid
  language sql stable security definer
  set search_path = public, pg_temp
as $$
  select distinct t.tenant_id from support_tickets t
  where t.status in ('acik', 'islemde') and t.sla_next_alert_at <= now_
$$;
revoke all on function support_sla_due_tenants(timestamptz) from public;
grant execute on function support_sla_due_tenants(timestamptz) to platform_worker;

-- Task reminders: an open, assigned task due within `soon` whose reminder of that kind (overdue
-- once due, due-soon before) has not gone out. One definition for the sweep and the reminders.
create function workflow_task_reminder_due(
  task_state text, task_assignee uuid, task_due timestamptz, task_reminded text[], soon interval
) returns boolean
  language sql stable
as $$
  select task_state in ('created', 'claimed', 'delegated') and task_assignee is not null
    and task_due is not null
    and ((task_due <= now() and not ('overdue' = any(task_reminded)))
      or (task_due > now() and task_due <= now() + soon
        and not ('due-soon' = any(task_reminded))))
$$;

create function workflow_reminder_tenants(soon interval) returns setof uuid
  language sql stable security definer
  set search_path = public, pg_temp
as $$
  select distinct t.tenant_id from workflow_tasks t
  -- the partial index workflow_tasks_due (due_at) bounds the scan
  where t.state in ('created', 'claimed', 'delegated') and t.due_at is not null
    and t.due_at <= now() + soon
    and workflow_task_reminder_due(t.state, t.assignee, t.due_at, t.reminded, soon)
$$;
revoke all on function workflow_reminder_tenants(interval) from public;
grant execute on function workflow_reminder_tenants(interval) to platform_worker;

-- Report archive: reports whose next run has come (index workflow_reports_due).
create function workflow_report_due_tenants(now_ timestamptz) returns setof uuid
  language sql stable security definer
  set search_path = public, pg_temp
as $$
  select distinct r.tenant_id from workflow_reports r
  where r.next_run_at <= now_
$$;
revoke all on function workflow_report_due_tenants(timestamptz) from public;
grant execute on function workflow_report_due_tenants(timestamptz) to platform_worker;

-- Mail flush (with SMTP configured): mail left queued for five minutes (no SMTP at the time,
-- a crash) or whose sender stopped answering within its lease. One definition for both.
create policy schema_owner on mail_outbox for select to current_user using (true);
create index mail_outbox_unsent on mail_outbox (created_at) where state in ('queued', 'sending');

create function mail_outbox_stalled(
  mail_state text, mail_created timestamptz, mail_claimed timestamptz, lease_seconds integer
) returns boolean
  language sql stable
as $$
  select (mail_state = 'queued' and mail_created < now() - interval '5 minutes')
    or (mail_state = 'sending' and mail_claimed < now() - make_interval(secs => lease_seconds))
$$;

create function mail_flush_tenants(lease_seconds integer) returns setof uuid
  language sql stable security definer
  set search_path = public, pg_temp
as $$
  select distinct m.tenant_id from mail_outbox m
  where m.state in ('queued', 'sending')
    and mail_outbox_stalled(m.state, m.created_at, m.claimed_at, lease_seconds)
$$;
revoke all on function mail_flush_tenants(integer) from public;
grant execute on function mail_flush_tenants(integer) to platform_worker;
