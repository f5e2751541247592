-- Projects: a time zone per project, recurring tasks (series of occurrences) and project
-- templates.

-- The project's time zone (IANA name): recurrence dates are computed in it. A new project takes
-- the workspace's zone unless one is given.
alter table projects add column time_zone text check (length(time_zone) between 1 and 64);
update projects p set time_zone = t.time_zone from tenants t where t.id = p.tenant_id;
update projects set time_zone = 'UTC' where time_zone is null;
alter table projects alter column time_zone set not null;

create function projects_default_time_zone() returns trigger
  language plpgsql
as $$
begin
  if new.time_zone is null then
    select t.time_zone into new.time_zone from tenants t where t.id = new.tenant_id;
    new.time_zone := coalesce(new.time_zone, 'UTC');
  end if;
  return new;
end $$;
create trigger projects_default_time_zone before insert on projects
  for each row execute function projects_default_time_zone();

-- A recurring task: its rule (RFC 5545 RRULE without DTSTART), when the next occurrence is made
-- (on_done: when the current one is done; on_schedule: by the job when its date comes) and the
-- date of the first occurrence (the rule's start). next_date: the next occurrence the job makes
-- (on_schedule only; null when the rule has no more dates).
create table task_series (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  project_id uuid not null,
  rule text not null check (length(rule) between 1 and 500),
  mode text not null check (mode in ('on_done', 'on_schedule')),
  anchor_date date not null,
  next_date date,
  active boolean not null default true,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, project_id) references projects (tenant_id, id) on delete cascade
);
create index task_series_due on task_series (next_date, tenant_id)
  where active and mode = 'on_schedule';
select platform_tenant_table('task_series');

-- One task per series and occurrence date, however often the done event or the job runs, on
-- however many instances. A deleted task keeps its row (task_id null), so its date is not made
-- again.
create table task_occurrences (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  series_id uuid not null,
  occurrence_date date not null,
  task_id uuid,
  created_at timestamptz not null default now(),
  primary key (tenant_id, series_id, occurrence_date),
  unique (tenant_id, task_id),
  foreign key (tenant_id, series_id) references task_series (tenant_id, id) on delete cascade,
  foreign key (tenant_id, task_id) references tasks (tenant_id, id) on delete set null (task_id)
);
select platform_tenant_table('task_occurrences');

-- Project templates: a snapshot of a project's flow, labels, fields, milestones and task tree
-- (dates relative to the project start), as JSON checked by the application.
create table project_templates (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  name text not null check (length(name) between 1 and 200),
  description text not null default '' check (length(description) <= 5000),
  content jsonb not null,
  task_count integer not null default 0,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id)
);
create index project_templates_list on project_templates (tenant_id, lower(name), id);
select platform_tenant_table('project_templates');

-- The job's sweep: workspaces with a scheduled occurrence due (a day of slack for the zones
-- ahead of UTC; the job checks each project's own date). Ids only cross tenants.
create policy schema_owner on task_series for select to current_user using (true);
create function projects_recurrence_due_tenants() returns setof uuid
  language sql stable security definer
  set search_path = public, pg_temp
as $$
  select distinct s.tenant_id from task_series s
  where s.active and s.mode = 'on_schedule'
    and s.next_date <= (now() at time zone 'UTC')::date + 1
$$;
revoke all on function projects_recurrence_due_tenants() from public;
grant execute on function projects_recurrence_due_tenants() to platform_worker;

-- The customer portal's principal (migration 0050) never reads or writes these.
create policy portal_deny_select on task_series as restrictive for select
  to platform_portal using (false);
create policy portal_deny_insert on task_series as restrictive for insert
  to platform_portal with check (false);
create policy portal_deny_update on task_series as restrictive for update
  to platform_portal using (false);
create policy portal_deny_delete on task_series as restrictive for delete
  to platform_portal using (false);
create policy portal_deny_select on task_occurrences as restrictive for select
  to platform_portal using (false);
create policy portal_deny_insert on task_occurrences as restrictive for insert
  to platform_portal with check (false);
create policy portal_deny_update on task_occurrences as restrictive for update
  to platform_portal using (false);
create policy portal_deny_delete on task_occurrences as restrictive for delete
  to platform_portal using (false);
create policy portal_deny_select on project_templates as restrictive for select
  to platform_portal using (false);
create policy portal_deny_insert on project_templates as restrictive for insert
  to platform_portal with check (false);
create policy portal_deny_update on project_templates as restrictive for update
  to platform_portal using (false);
create policy portal_deny_delete on project_templates as restrictive for delete
  to platform_portal using (false);
