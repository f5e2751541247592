-- Support: tickets belong to a team (queues, auto-assignment per team), agents can be out of
-- office, and an `islemde` ticket can wait on the customer (a pause of its SLA clocks).

-- The team (queue) of a ticket. A deleted team leaves its tickets without one.
alter table support_tickets add column team_id uuid;
alter table support_tickets add constraint support_tickets_team
  foreign key (tenant_id, team_id) references support_teams (tenant_id, id)
  on delete set null (team_id);
-- A team's queue: its open tickets, unassigned first, oldest first (and the counts per team).
create index support_tickets_team_queue on support_tickets
  (tenant_id, team_id, (assignee_id is not null), created_at, id)
  where status in ('acik', 'islemde') and team_id is not null;

-- Waiting (on the customer or a third party): only an `islemde` ticket, and both set together.
-- While paused_at is set the SLA clocks stand still; resuming moves them on by the paused
-- business time (the service does it, with the policy's calendar).
alter table support_tickets add column pending_reason text
  check (pending_reason in ('customer', 'third_party'));
alter table support_tickets add column paused_at timestamptz;
alter table support_tickets add constraint support_tickets_pending
  check ((pending_reason is null) = (paused_at is null)
    and (paused_at is null or status = 'islemde'));

-- Every pause of a ticket: the reports subtract their wall time from time-to-resolution, and
-- business_minutes is what the clocks were moved by when it ended.
create table support_ticket_pauses (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  ticket_id uuid not null,
  reason text not null check (reason in ('customer', 'third_party')),
  started_at timestamptz not null,
  ended_at timestamptz,
  business_minutes numeric,
  primary key (tenant_id, id),
  foreign key (tenant_id, ticket_id) references support_tickets (tenant_id, id) on delete cascade,
  check (ended_at is null or ended_at >= started_at)
);
create index support_ticket_pauses_ticket on support_ticket_pauses (tenant_id, ticket_id, started_at);
-- At most one running pause per ticket.
create unique index support_ticket_pauses_running on support_ticket_pauses (tenant_id, ticket_id)
  where ended_at is null;
select platform_tenant_table('support_ticket_pauses');

-- How a team's new tickets find an agent. The row is also the lock that serializes concurrent
-- assignments in a team, so two tickets created at once do not go to the same member by turn.
create table support_team_assignment (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  team_id uuid not null,
  mode text not null default 'none' check (mode in ('none', 'round_robin', 'least_open')),
  max_open_per_agent integer check (max_open_per_agent between 1 and 10000),
  last_assigned_user_id uuid references users (id) on delete set null,
  updated_at timestamptz not null default now(),
  primary key (tenant_id, team_id),
  foreign key (tenant_id, team_id) references support_teams (tenant_id, id) on delete cascade
);
select platform_tenant_table('support_team_assignment');

-- An agent's own "out of office" flag (until a time, or until switched off).
create table support_agent_status (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  out_of_office boolean not null default false,
  until timestamptz,
  updated_at timestamptz not null default now(),
  primary key (tenant_id, user_id)
);
select platform_tenant_table('support_agent_status');

-- A paused ticket has no SLA moment to watch (the check and its sweep skip it); resuming
-- (paused_at back to null, with the clocks moved) arms it again from its clocks (0034).
create or replace function support_sla_rearm() returns trigger
  language plpgsql
as $$
begin
  new.sla_next_alert_at := case when new.paused_at is null then
    support_sla_watch_at(new.first_responded_at, new.first_response_warn_at,
      new.first_response_due, new.resolved_at, new.resolution_warn_at, new.resolution_due) end;
  return new;
end
$$;
drop trigger sla_rearm on support_tickets;
create trigger sla_rearm before insert or update of status, sla_policy_id, first_responded_at,
  first_response_warn_at, first_response_due, resolved_at, resolution_warn_at, resolution_due,
  paused_at
  on support_tickets for each row execute function support_sla_rearm();

create or replace function support_sla_policy_rearm() returns trigger
  language plpgsql
as $$
begin
  update support_tickets t set sla_next_alert_at = support_sla_watch_at(t.first_responded_at,
      t.first_response_warn_at, t.first_response_due, t.resolved_at, t.resolution_warn_at,
      t.resolution_due)
  where t.tenant_id = new.tenant_id and t.sla_policy_id = new.id
    and t.status in ('acik', 'islemde') and t.paused_at is null;
  return null;
end
$$;
