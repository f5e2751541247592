-- Several assignees per task. tasks.assignee_id stays the first (primary) assignee that
-- reports, analytics and notifications read; task_assignees holds the whole list in order.
create table task_assignees (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  task_id uuid not null,
  user_id uuid not null references users (id) on delete cascade,
  position int not null default 0,
  primary key (tenant_id, task_id, user_id),
  foreign key (tenant_id, task_id) references tasks (tenant_id, id) on delete cascade
);
create index task_assignees_user on task_assignees (tenant_id, user_id);
select platform_tenant_table('task_assignees');

-- Every existing assignee becomes the first of its task's list.
insert into task_assignees (tenant_id, task_id, user_id, position)
  select tenant_id, id, assignee_id, 0 from tasks where assignee_id is not null;

-- Code that writes tasks.assignee_id alone (older paths, templates, recurrence) keeps the list
-- consistent: the new primary assignee replaces the old one at the head of the list; no
-- primary assignee means nobody is assigned.
create function task_assignees_follow_primary() returns trigger
language plpgsql as $$
begin
  if new.assignee_id is null then
    delete from task_assignees where tenant_id = new.tenant_id and task_id = new.id;
    return new;
  end if;
  if tg_op = 'UPDATE' and old.assignee_id is not null then
    delete from task_assignees
      where tenant_id = new.tenant_id and task_id = new.id and user_id = old.assignee_id;
  end if;
  insert into task_assignees (tenant_id, task_id, user_id, position)
    values (new.tenant_id, new.id, new.assignee_id, coalesce((select min(position) - 1
      from task_assignees where tenant_id = new.tenant_id and task_id = new.id), 0))
    on conflict (tenant_id, task_id, user_id) do update set position = excluded.position;
  return new;
end $$;

create trigger task_assignees_follow_primary_insert after insert on tasks
  for each row when (new.assignee_id is not null)
  execute function task_assignees_follow_primary();
create trigger task_assignees_follow_primary_update after update of assignee_id on tasks
  for each row when (old.assignee_id is distinct from new.assignee_id)
  execute function task_assignees_follow_primary();

-- The customer portal's principal never reads or writes assignees.
create policy portal_deny_select on task_assignees as restrictive for select
  to platform_portal using (false);
create policy portal_deny_insert on task_assignees as restrictive for insert
  to platform_portal with check (false);
create policy portal_deny_update on task_assignees as restrictive for update
  to platform_portal using (false);
create policy portal_deny_delete on task_assignees as restrictive for delete
  to platform_portal using (false);
