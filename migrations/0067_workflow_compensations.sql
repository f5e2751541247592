-- Workflow (issue 41): compensation subscriptions. An activity with a compensation boundary
-- event that completes leaves one row here; a compensation throw in the same scope runs the
-- handlers of the open rows in reverse order of completion (seq) and marks them compensated.
create table workflow_compensations (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  instance_id uuid not null,
  -- The scope the activity completed in: its scope token, or the instance id for the process.
  scope_id uuid not null,
  -- The completed activity's token and element, and the handler activity to run.
  token_id uuid not null,
  element_id text not null,
  handler_id text not null,
  -- Completion order within a step (several activities complete in one transaction).
  seq bigint generated always as identity,
  created_at timestamptz not null default now(),
  compensated_at timestamptz,
  primary key (tenant_id, id),
  foreign key (tenant_id, instance_id) references workflow_instances (tenant_id, id)
    on delete cascade
);
create index workflow_compensations_scope
  on workflow_compensations (tenant_id, instance_id, scope_id) where compensated_at is null;
-- History cleanup deletes by instance (compensated rows too): the partial index above misses those.
create index workflow_compensations_instance on workflow_compensations (tenant_id, instance_id);
select platform_tenant_table('workflow_compensations');

-- Event subprocess timers (kind 'event-subprocess', migration 0066) carry their scope's token id,
-- or the instance id for the process: they close when that scope ends, whichever path ended it.
create function workflow_eventsub_timers_scope_ended() returns trigger
language plpgsql as $$
begin
  update workflow_timers set cancelled_at = now()
  where tenant_id = new.tenant_id and instance_id = new.instance_id and token_id = new.id
    and kind = 'event-subprocess' and fired_at is null and cancelled_at is null;
  return null;
end $$;
create trigger workflow_eventsub_timers_scope_ended after update of ended_at on workflow_tokens
  for each row when (old.ended_at is null and new.ended_at is not null and old.state = 'scope')
  execute function workflow_eventsub_timers_scope_ended();

create function workflow_eventsub_timers_instance_ended() returns trigger
language plpgsql as $$
begin
  update workflow_timers set cancelled_at = now()
  where tenant_id = new.tenant_id and instance_id = new.id and kind = 'event-subprocess'
    and fired_at is null and cancelled_at is null;
  return null;
end $$;
create trigger workflow_eventsub_timers_instance_ended after update of ended_at
  on workflow_instances
  for each row when (old.ended_at is null and new.ended_at is not null)
  execute function workflow_eventsub_timers_instance_ended();

-- The customer portal's principal (migration 0050) never reads or writes these.
create policy portal_deny_select on workflow_compensations as restrictive for select
  to platform_portal using (false);
create policy portal_deny_insert on workflow_compensations as restrictive for insert
  to platform_portal with check (false);
create policy portal_deny_update on workflow_compensations as restrictive for update
  to platform_portal using (false);
create policy portal_deny_delete on workflow_compensations as restrictive for delete
  to platform_portal using (false);
