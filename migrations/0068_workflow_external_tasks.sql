-- Workflow external tasks (Camunda 7's model): a service task, send task or message throw
-- event whose topic is neither an Automation agent nor a platform operation waits here until a
-- worker fetches and locks it (POST /api/workflow/external-tasks/fetch-and-lock), then
-- completes it, reports a failure or throws a BPMN error. One row per waiting token: the row
-- goes when the token moves on; a failure with no retries left keeps it (retries = 0, never
-- fetched) beside the incident, and retrying the incident makes it fetchable again.
create table workflow_external_tasks (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  instance_id uuid not null,
  token_id uuid not null,
  element_id text not null,
  -- The element's name as drawn (what a worker's log and the list show).
  activity_name text not null default '',
  definition_id uuid not null,
  definition_key text not null,
  business_key text,
  topic text not null,
  -- The worker holding the lock and until when; a lock past its time may be fetched again.
  worker_id text,
  lock_expires_at timestamptz,
  -- Null until a worker reports a failure; then what the worker said is left (0 = incident).
  retries integer check (retries is null or retries >= 0),
  -- A failure's retryTimeout: not fetched again before this time.
  retry_at timestamptz,
  error_message text,
  error_details text,
  -- Higher first (camunda:taskPriority).
  priority bigint not null default 0,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (tenant_id, token_id),
  foreign key (tenant_id, instance_id) references workflow_instances (tenant_id, id)
    on delete cascade
);
-- fetch-and-lock: the fetchable tasks of a topic, highest priority and oldest first.
create index workflow_external_tasks_fetch
  on workflow_external_tasks (tenant_id, topic, priority desc, created_at);
create index workflow_external_tasks_instance on workflow_external_tasks (tenant_id, instance_id);

select platform_tenant_table('workflow_external_tasks');

-- The customer portal's principal (migration 0050) never reads or writes these.
create policy portal_deny_select on workflow_external_tasks as restrictive for select
  to platform_portal using (false);
create policy portal_deny_insert on workflow_external_tasks as restrictive for insert
  to platform_portal with check (false);
create policy portal_deny_update on workflow_external_tasks as restrictive for update
  to platform_portal using (false);
create policy portal_deny_delete on workflow_external_tasks as restrictive for delete
  to platform_portal using (false);
