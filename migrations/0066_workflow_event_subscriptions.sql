-- Workflow (issue 41): what waiting instances listen for from the outside world. One row per
-- armed message, signal or conditional event: an intermediate catch or receive task, a boundary
-- event on a waiting activity, a branch of an event-based gateway, or an event subprocess start.
-- A row lives while its token waits; the triggers below drop it when the token or instance ends.
create table workflow_event_subscriptions (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  instance_id uuid not null,
  -- The waiting token; for an event subprocess of the process itself, the instance id (the
  -- process scope has no token).
  token_id uuid not null,
  -- The catch event, receive task, boundary event or event subprocess start that fires.
  element_id text not null,
  kind text not null check (kind in ('message', 'signal', 'conditional')),
  -- Message or signal name; for a conditional event the FEEL condition.
  name text not null,
  role text not null check (role in ('catch', 'boundary', 'eventSubprocess', 'gateway')),
  interrupting boolean not null default true,
  correlation jsonb not null default '{}'::jsonb check (jsonb_typeof(correlation) = 'object'),
  -- The instance's business key, copied so a correlation by business key reads one index entry.
  business_key text,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, instance_id) references workflow_instances (tenant_id, id)
    on delete cascade
);
create index workflow_event_subscriptions_name
  on workflow_event_subscriptions (tenant_id, kind, name, business_key);
create index workflow_event_subscriptions_token
  on workflow_event_subscriptions (tenant_id, token_id);
create index workflow_event_subscriptions_instance
  on workflow_event_subscriptions (tenant_id, instance_id);
select platform_tenant_table('workflow_event_subscriptions');

-- A token that ends (done or cancelled) stops listening, whichever code path ended it.
create function workflow_subscriptions_token_ended() returns trigger
language plpgsql as $$
begin
  delete from workflow_event_subscriptions
  where tenant_id = new.tenant_id and token_id = new.id;
  return null;
end $$;
create trigger workflow_subscriptions_token_ended after update of ended_at on workflow_tokens
  for each row when (old.ended_at is null and new.ended_at is not null)
  execute function workflow_subscriptions_token_ended();

-- An instance that ends drops the subscriptions of its process scope (event subprocesses).
create function workflow_subscriptions_instance_ended() returns trigger
language plpgsql as $$
begin
  delete from workflow_event_subscriptions
  where tenant_id = new.tenant_id and instance_id = new.id;
  return null;
end $$;
create trigger workflow_subscriptions_instance_ended after update of ended_at
  on workflow_instances
  for each row when (old.ended_at is null and new.ended_at is not null)
  execute function workflow_subscriptions_instance_ended();

-- Event-based gateways arm a timer per timer branch (kind 'gateway'); event subprocesses with
-- a timer start arm theirs as 'event-subprocess'.
alter table workflow_timers drop constraint workflow_timers_kind_check;
alter table workflow_timers add constraint workflow_timers_kind_check
  check (kind in ('catch', 'boundary', 'start', 'task-due', 'gateway', 'event-subprocess'));

-- The customer portal's principal (migration 0050) never reads or writes these.
create policy portal_deny_select on workflow_event_subscriptions as restrictive for select
  to platform_portal using (false);
create policy portal_deny_insert on workflow_event_subscriptions as restrictive for insert
  to platform_portal with check (false);
create policy portal_deny_update on workflow_event_subscriptions as restrictive for update
  to platform_portal using (false);
create policy portal_deny_delete on workflow_event_subscriptions as restrictive for delete
  to platform_portal using (false);
