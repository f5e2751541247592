-- Projects planning: dependency kinds with a lag on task_dependencies, project milestones and
-- the milestone a task belongs to.

alter table task_dependencies
  add column kind text not null default 'finish_to_start'
    check (kind in ('finish_to_start', 'start_to_start', 'finish_to_finish', 'start_to_finish')),
  add column lag_days integer not null default 0 check (lag_days between -365 and 365);

create table project_milestones (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  project_id uuid not null,
  name text not null,
  date date not null,
  description text not null default '',
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, project_id) references projects (tenant_id, id) on delete cascade
);
create index project_milestones_project on project_milestones (tenant_id, project_id, date, id);
select platform_tenant_table('project_milestones');

alter table tasks add column milestone_id uuid;
alter table tasks add constraint tasks_milestone_fk foreign key (tenant_id, milestone_id)
  references project_milestones (tenant_id, id) on delete set null (milestone_id);
create index tasks_milestone on tasks (tenant_id, milestone_id) where milestone_id is not null;

-- The customer portal's principal (migration 0050) never reads or writes milestones.
create policy portal_deny_select on project_milestones as restrictive for select
  to platform_portal using (false);
create policy portal_deny_insert on project_milestones as restrictive for insert
  to platform_portal with check (false);
create policy portal_deny_update on project_milestones as restrictive for update
  to platform_portal using (false);
create policy portal_deny_delete on project_milestones as restrictive for delete
  to platform_portal using (false);
