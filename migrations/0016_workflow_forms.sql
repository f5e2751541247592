-- Workflow forms: form-js schemas (https://bpmn.io/toolkit/form-js) edited in the browser and
-- saved as immutable numbered versions per key; start events and user tasks name them through
-- camunda:formKey. Deploying a process version pins every form it names to the latest version
-- of that moment, so a later edit of the form never changes a deployed process.

create table workflow_forms (
  tenant_id uuid not null references tenants (id) on delete cascade,
  id uuid not null,
  key text not null check (key ~ '^[A-Za-z][A-Za-z0-9_.-]{0,99}$'),
  version integer not null check (version > 0),
  name text not null,
  schema jsonb not null,
  created_by uuid,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (tenant_id, key, version)
);
create index workflow_forms_list on workflow_forms (tenant_id, key, version desc);

-- The form version each form key of a deployed process version resolves to.
create table workflow_definition_forms (
  tenant_id uuid not null,
  version_id uuid not null,
  form_key text not null,
  form_id uuid not null,
  primary key (tenant_id, version_id, form_key),
  foreign key (tenant_id, version_id) references workflow_definition_versions (tenant_id, id) on delete cascade,
  foreign key (tenant_id, form_id) references workflow_forms (tenant_id, id)
);
create index workflow_definition_forms_form on workflow_definition_forms (tenant_id, form_id);

do $$
declare t text;
begin
  foreach t in array array['workflow_forms', 'workflow_definition_forms'] loop
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    execute format($p$create policy tenant_isolation on %I to platform_app
      using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
      with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)$p$, t);
  end loop;
end $$;
