-- Frequent per-tenant schedules fan out only to the workspaces that have work (issue 13). The
-- SLA check ran every minute for every active workspace, the task reminders and the report
-- archive every few minutes: with 100 workspaces about 130 jobs a minute, nearly all of them
-- finding nothing, and their burst at each minute boundary stalled the requests being served.
-- Now the scheduler first asks one narrow security-definer function per schedule which
-- workspaces have something due (ids only, nothing else crosses tenants), as the share-link
-- lookup (0023) and the sign-in functions (0030) do; it keeps the active ones among them.

-- The schema owner runs the definer functions; under FORCE it needs a policy to read at all.
create policy schema_owner on support_tickets for select to current_user using (true);
create policy schema_owner on support_sla_policies for select to current_user using (true);
create policy schema_owner on support_sla_events for select to current_user using (true);
create policy schema_owner on workflow_tasks for select to current_user using (true);
create policy schema_owner on workflow_reports for select to current_user using (true);

-- SLA: one definition of "an alert is due and has not fired", used by the per-workspace check
-- (as the application role, under RLS) and by the sweep below, so the two cannot disagree.

-- The earliest moment a ticket's running clocks need looking at (null: none runs). A clock runs
-- while it is not stopped and has both its times, as the check (sla.job.ts) requires: before,
-- tickets with a due time but no warning time (the product makes none; the API bench's seed
-- does) matched the query and were skipped by the check, every minute, filling its batch.
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

-- Open tickets by that moment, across workspaces: the sweep reads only the ones it has reached.
create index support_tickets_sla_watch on support_tickets (support_sla_watch_at(
  first_responded_at, first_response_warn_at, first_response_due, resolved_at,
  resolution_warn_at, resolution_due)) where status in ('acik', 'islemde');

-- Whether a policy's escalation does anything (someone to tell, a priority, a reassignment).
create function support_sla_escalates(escalation jsonb) returns boolean
  language sql immutable parallel safe
as $$
  select coalesce(escalation->>'userId', escalation->>'teamId', escalation->>'reassignTo')
      is not null or coalesce((escalation->>'raisePriority')::boolean, false)
$$;

-- One clock of one ticket: a warning, breach or escalation that is due at `now_` and not fired.
-- (Parameter names differ from every column name: in SQL functions a column wins.)
create function support_sla_clock_pending(
  of_tenant uuid, of_ticket uuid, clock_name text, stopped_at timestamptz, warn_time timestamptz,
  due_time timestamptz, policy_escalation jsonb, now_ timestamptz
) returns boolean
  language sql stable
as $$
  select stopped_at is null and warn_time is not null and due_time is not null and (
    (warn_time <= now_ and not exists (select 1 from support_sla_events e
      where e.tenant_id = of_tenant and e.ticket_id = of_ticket and e.clock = clock_name
        and e.level = 'warning'))
    or (due_time <= now_ and not exists (select 1 from support_sla_events e
      where e.tenant_id = of_tenant and e.ticket_id = of_ticket and e.clock = clock_name
        and e.level = 'breach'))
    or (due_time <= now_ and support_sla_escalates(policy_escalation)
      and not exists (select 1 from support_sla_events e
        where e.tenant_id = of_tenant and e.ticket_id = of_ticket and e.clock = clock_name
          and e.level = 'escalation')))
$$;

-- Workspaces with an open ticket that has an SLA alert due at `now_` and not fired yet.
create function support_sla_due_tenants(now_ timestamptz) returns setof uuid
  language sql stable security definer
  set search_path = public, pg_temp
as $$
  select distinct t.tenant_id
  from support_tickets t
  left join support_sla_policies p on p.tenant_id = t.tenant_id and p.id = t.sla_policy_id
  where t.status in ('acik', 'islemde')
    and support_sla_watch_at(t.first_responded_at, t.first_response_warn_at,
      t.first_response_due, t.resolved_at, t.resolution_warn_at, t.resolution_due) <= now_
    and (support_sla_clock_pending(t.tenant_id, t.id, 'firstResponse', t.first_responded_at,
        t.first_response_warn_at, t.first_response_due, p.escalation, now_)
      or support_sla_clock_pending(t.tenant_id, t.id, 'resolution', t.resolved_at,
        t.resolution_warn_at, t.resolution_due, p.escalation, now_))
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
