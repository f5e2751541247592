-- Custom fields per project: definitions (with the options of select fields) and one row of
-- values per task and field. A value lives in the column of its type, so filters and sorts use
-- plain b-tree indexes (GIN for chosen options); modules/projects/fields/ validates the values.

create table project_fields (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  project_id uuid not null,
  name text not null,
  -- The name folded (shared/text/fold.ts): unique per project whatever the case or accents.
  name_key text not null,
  type text not null
    check (type in ('text', 'number', 'date', 'select', 'multi_select', 'person', 'url')),
  required boolean not null default false,
  description text not null default '',
  position integer not null default 0,
  -- Bounds of number fields (both optional).
  min_value numeric,
  max_value numeric,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (tenant_id, project_id, name_key),
  foreign key (tenant_id, project_id) references projects (tenant_id, id) on delete cascade
);
create index project_fields_project on project_fields (tenant_id, project_id, position);
select platform_tenant_table('project_fields');

-- The options of select and multi-select fields: ids are stable, so renaming keeps values.
create table project_field_options (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  field_id uuid not null,
  label text not null,
  color text not null default 'gray',
  position integer not null default 0,
  primary key (tenant_id, id),
  foreign key (tenant_id, field_id) references project_fields (tenant_id, id) on delete cascade
);
create index project_field_options_field on project_field_options (tenant_id, field_id, position);
select platform_tenant_table('project_field_options');

create table task_field_values (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  task_id uuid not null,
  field_id uuid not null,
  value_text text,
  value_number numeric,
  value_date date,
  value_user uuid,
  -- select: one option id; multi_select: one or more.
  value_options uuid[],
  primary key (tenant_id, task_id, field_id),
  foreign key (tenant_id, task_id) references tasks (tenant_id, id) on delete cascade,
  foreign key (tenant_id, field_id) references project_fields (tenant_id, id) on delete cascade,
  check (num_nonnulls(value_text, value_number, value_date, value_user, value_options) = 1)
);
create index task_field_values_text on task_field_values (tenant_id, field_id, lower(value_text))
  where value_text is not null;
create index task_field_values_number on task_field_values (tenant_id, field_id, value_number)
  where value_number is not null;
create index task_field_values_date on task_field_values (tenant_id, field_id, value_date)
  where value_date is not null;
create index task_field_values_user on task_field_values (tenant_id, field_id, value_user)
  where value_user is not null;
create index task_field_values_options on task_field_values using gin (value_options)
  where value_options is not null;
select platform_tenant_table('task_field_values');

-- The customer portal's principal (migration 0050) never reads or writes custom fields.
create policy portal_deny_select on project_fields as restrictive for select
  to platform_portal using (false);
create policy portal_deny_insert on project_fields as restrictive for insert
  to platform_portal with check (false);
create policy portal_deny_update on project_fields as restrictive for update
  to platform_portal using (false);
create policy portal_deny_delete on project_fields as restrictive for delete
  to platform_portal using (false);
create policy portal_deny_select on project_field_options as restrictive for select
  to platform_portal using (false);
create policy portal_deny_insert on project_field_options as restrictive for insert
  to platform_portal with check (false);
create policy portal_deny_update on project_field_options as restrictive for update
  to platform_portal using (false);
create policy portal_deny_delete on project_field_options as restrictive for delete
  to platform_portal using (false);
create policy portal_deny_select on task_field_values as restrictive for select
  to platform_portal using (false);
create policy portal_deny_insert on task_field_values as restrictive for insert
  to platform_portal with check (false);
create policy portal_deny_update on task_field_values as restrictive for update
  to platform_portal using (false);
create policy portal_deny_delete on task_field_values as restrictive for delete
  to platform_portal using (false);

-- Analytics: custom field values in long form (one row per task and field; one row per chosen
-- option of a select field), with the caller's rights so every table's tenant policy holds.
create view analytics_ds_project_task_fields with (security_invoker = true) as
select v.task_id, k.project_id, p.name as project, k.title as task, f.name as field,
       coalesce(v.value_text, trim_scale(v.value_number)::text, v.value_date::text, u.name, o.label)
         as value,
       v.value_number::float8 as value_number, v.value_date
from task_field_values v
join tasks k on k.tenant_id = v.tenant_id and k.id = v.task_id
join projects p on p.tenant_id = k.tenant_id and p.id = k.project_id
join project_fields f on f.tenant_id = v.tenant_id and f.id = v.field_id
left join member_directory u on u.user_id = v.value_user
left join lateral unnest(v.value_options) as chosen(option_id) on true
left join project_field_options o on o.tenant_id = v.tenant_id and o.id = chosen.option_id;

revoke insert, update, delete, truncate on analytics_ds_project_task_fields from platform_app;
grant select on analytics_ds_project_task_fields to platform_app;
