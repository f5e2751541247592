-- Projects planning: cycles (sprints) with a membership history for burndown and carry-over,
-- and time tracking (timers and manual entries per task).

create table project_cycles (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  project_id uuid not null,
  name text not null check (length(name) between 1 and 120),
  goal text not null default '' check (length(goal) <= 2000),
  start_date date not null,
  end_date date not null,
  -- Set when a manager completes the cycle; the figures below are frozen then (velocity).
  completed_at timestamptz,
  committed_tasks integer,
  completed_tasks integer,
  completed_estimate numeric(12, 2),
  carried_tasks integer,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, project_id) references projects (tenant_id, id) on delete cascade,
  check (end_date >= start_date)
);
create index project_cycles_project on project_cycles (tenant_id, project_id, start_date);

alter table tasks add column cycle_id uuid;
alter table tasks add constraint tasks_cycle_fk foreign key (tenant_id, cycle_id)
  references project_cycles (tenant_id, id) on delete set null (cycle_id);
create index tasks_cycle on tasks (tenant_id, cycle_id) where cycle_id is not null;

-- Every stay of a task in a cycle: when it came in, when it left and why ('removed', 'carried'
-- to another cycle or back to the backlog when the cycle was completed). Done tasks stay in a
-- completed cycle (no removed_at). The burndown of any past day is read from these rows.
create table project_cycle_tasks (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id bigint generated always as identity,
  cycle_id uuid not null,
  task_id uuid not null,
  added_at timestamptz not null default now(),
  removed_at timestamptz,
  outcome text check (outcome in ('removed', 'carried')),
  primary key (tenant_id, id),
  foreign key (tenant_id, cycle_id) references project_cycles (tenant_id, id) on delete cascade,
  foreign key (tenant_id, task_id) references tasks (tenant_id, id) on delete cascade,
  check ((removed_at is null) = (outcome is null))
);
create index project_cycle_tasks_cycle on project_cycle_tasks (tenant_id, cycle_id);
create unique index project_cycle_tasks_open on project_cycle_tasks (tenant_id, task_id)
  where removed_at is null;

-- tasks.cycle_id is the current cycle; whoever changes it (cycle routes, a bulk edit), the
-- history follows: the open stay closes as 'removed' (the completion closes carried ones
-- itself first) and a new one opens.
create function project_cycle_history() returns trigger
  language plpgsql
as $$
begin
  update project_cycle_tasks set removed_at = now(), outcome = 'removed'
    where tenant_id = new.tenant_id and task_id = new.id and removed_at is null;
  if new.cycle_id is not null then
    insert into project_cycle_tasks (tenant_id, cycle_id, task_id)
      values (new.tenant_id, new.cycle_id, new.id);
  end if;
  return new;
end
$$;
create trigger tasks_cycle_history_insert after insert on tasks
  for each row when (new.cycle_id is not null) execute function project_cycle_history();
create trigger tasks_cycle_history_update after update of cycle_id on tasks
  for each row when (old.cycle_id is distinct from new.cycle_id)
  execute function project_cycle_history();

-- Time spent on tasks. A running timer has started_at and no ended_at (one per person);
-- a stopped timer or a manual entry has its minutes.
create table task_time_entries (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  task_id uuid not null,
  project_id uuid not null,
  user_id uuid not null references users (id) on delete cascade,
  started_at timestamptz,
  ended_at timestamptz,
  minutes integer not null default 0 check (minutes between 0 and 1440),
  entry_date date not null,
  note text not null default '' check (length(note) <= 2000),
  billable boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, task_id) references tasks (tenant_id, id) on delete cascade,
  foreign key (tenant_id, project_id) references projects (tenant_id, id) on delete cascade,
  check (ended_at is null or (started_at is not null and ended_at >= started_at))
);
create unique index task_time_running on task_time_entries (tenant_id, user_id)
  where started_at is not null and ended_at is null;
create index task_time_task on task_time_entries (tenant_id, task_id, entry_date);
create index task_time_user on task_time_entries (tenant_id, user_id, entry_date);
create index task_time_project on task_time_entries (tenant_id, project_id, entry_date);

select platform_tenant_table('project_cycles');
select platform_tenant_table('project_cycle_tasks');
select platform_tenant_table('task_time_entries');

-- The customer portal's principal (migration 0050) never reads or writes these.
create policy portal_deny_select on project_cycles as restrictive for select
  to platform_portal using (false);
create policy portal_deny_insert on project_cycles as restrictive for insert
  to platform_portal with check (false);
create policy portal_deny_update on project_cycles as restrictive for update
  to platform_portal using (false);
create policy portal_deny_delete on project_cycles as restrictive for delete
  to platform_portal using (false);
create policy portal_deny_select on project_cycle_tasks as restrictive for select
  to platform_portal using (false);
create policy portal_deny_insert on project_cycle_tasks as restrictive for insert
  to platform_portal with check (false);
create policy portal_deny_update on project_cycle_tasks as restrictive for update
  to platform_portal using (false);
create policy portal_deny_delete on project_cycle_tasks as restrictive for delete
  to platform_portal using (false);
create policy portal_deny_select on task_time_entries as restrictive for select
  to platform_portal using (false);
create policy portal_deny_insert on task_time_entries as restrictive for insert
  to platform_portal with check (false);
create policy portal_deny_update on task_time_entries as restrictive for update
  to platform_portal using (false);
create policy portal_deny_delete on task_time_entries as restrictive for delete
  to platform_portal using (false);

-- Analytics: the project-task dataset (migration 0026) gains the hours spent on each task.
create or replace view analytics_ds_project_tasks with (security_invoker = true) as
select k.id, k.project_id, p.name as project, k.title, s.name as status,
       s.category as status_category, k.priority, a.name as assignee, k.start_date, k.due_date,
       k.estimate::float8 as estimate, k.done_at, k.created_at,
       (k.done_at is null and k.due_date < current_date) as overdue,
       coalesce((select sum(e.minutes) from task_time_entries e
         where e.tenant_id = k.tenant_id and e.task_id = k.id), 0)::float8 / 60 as spent_hours
from tasks k
join projects p on p.tenant_id = k.tenant_id and p.id = k.project_id
join project_statuses s on s.tenant_id = k.tenant_id and s.id = k.status_id
left join member_directory a on a.user_id = k.assignee_id;
revoke insert, update, delete, truncate on analytics_ds_project_tasks from platform_app;
grant select on analytics_ds_project_tasks to platform_app;
