-- Workflow (issue 41): history cleanup and saved task-list filters.
-- History cleanup: each deployed version keeps the camunda:historyTimeToLive of its process (in
-- days); the tenant's workflow settings hold the default for versions that name none. A daily
-- job deletes finished instances (with their tokens, variables, timers, incidents, tasks and
-- history) once they ended longer ago than their time to live.

alter table workflow_definition_versions
  add column history_ttl_days integer check (history_ttl_days between 0 and 36500);

create table workflow_settings (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  -- Days a finished instance is kept when its version names no time to live; null: forever.
  history_ttl_days integer check (history_ttl_days between 0 and 36500),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  primary key (tenant_id)
);
select platform_tenant_table('workflow_settings');

-- The cleanup walks finished instances oldest first. Deleting an instance cascades along
-- foreign keys whose referencing side had only partial indexes (live tokens, pending timers):
-- each deleted instance scanned those tables whole (bench/workflow-cleanup.ts: 10 s per batch of
-- 500 at 20,000 instances).
create index workflow_instances_ended on workflow_instances (tenant_id, ended_at, id)
  where ended_at is not null;
create index workflow_tokens_instance on workflow_tokens (tenant_id, instance_id);
create index workflow_timers_instance_all on workflow_timers (tenant_id, instance_id)
  where instance_id is not null;

-- Saved task-list filters (Camunda's task filters): a name and the task list's query; personal
-- (the owner's alone) or shared with everyone who reads tasks.
create table workflow_task_filters (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  owner_id uuid not null,
  name text not null check (length(name) between 1 and 100),
  shared boolean not null default false,
  query jsonb not null default '{}'::jsonb check (jsonb_typeof(query) = 'object'),
  position integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id)
);
create index workflow_task_filters_owner on workflow_task_filters (tenant_id, owner_id, position, id);
create index workflow_task_filters_shared on workflow_task_filters (tenant_id, position, id)
  where shared;
select platform_tenant_table('workflow_task_filters');

-- The customer portal's principal (migration 0050) never reads or writes these.
create policy portal_deny_select on workflow_settings as restrictive for select
  to platform_portal using (false);
create policy portal_deny_insert on workflow_settings as restrictive for insert
  to platform_portal with check (false);
create policy portal_deny_update on workflow_settings as restrictive for update
  to platform_portal using (false);
create policy portal_deny_delete on workflow_settings as restrictive for delete
  to platform_portal using (false);
create policy portal_deny_select on workflow_task_filters as restrictive for select
  to platform_portal using (false);
create policy portal_deny_insert on workflow_task_filters as restrictive for insert
  to platform_portal with check (false);
create policy portal_deny_update on workflow_task_filters as restrictive for update
  to platform_portal using (false);
create policy portal_deny_delete on workflow_task_filters as restrictive for delete
  to platform_portal using (false);
