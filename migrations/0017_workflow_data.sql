-- Workflow data models: typed record types per tenant (fields with types, required flags, enums,
-- references to other models or to users), their records (written by people, forms and
-- processes) with a change history, and saved parameterised data queries over records and
-- process/task history (compiled to parameterised SQL with kysely, never string-built).

create table workflow_data_models (
  tenant_id uuid not null references tenants (id) on delete cascade,
  id uuid not null,
  -- Referenced by processes, forms and queries (`customer`, `purchase_order`).
  key text not null check (key ~ '^[a-z][a-z0-9_]{0,62}$'),
  name text not null,
  description text not null default '',
  -- [{ name, label, type: text|number|boolean|date|datetime|enum|reference|user, required,
  --    values?: [{ value, label }], model?: key of the referenced model }]
  fields jsonb not null default '[]',
  -- The field shown when a record is referenced (defaults to the first text field).
  title_field text,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (tenant_id, key)
);

create table workflow_data_records (
  tenant_id uuid not null,
  id uuid not null,
  model_id uuid not null,
  data jsonb not null default '{}',
  -- Folded (shared/text) text of the record's values, for search.
  search_text text not null default '',
  -- Optimistic concurrency: an update names the version it read.
  version integer not null default 1,
  -- The process instance that created it, when a process did.
  instance_id uuid,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, model_id) references workflow_data_models (tenant_id, id) on delete cascade
);
create index workflow_data_records_list on workflow_data_records (tenant_id, model_id, updated_at desc, id desc);
create index workflow_data_records_data on workflow_data_records using gin (data jsonb_path_ops);

create table workflow_data_record_history (
  tenant_id uuid not null,
  id uuid not null,
  record_id uuid not null,
  version integer not null,
  action text not null check (action in ('created', 'updated', 'deleted')),
  before jsonb,
  after jsonb,
  -- A person, or null with instance_id set when a process wrote it.
  actor_id uuid,
  instance_id uuid,
  at timestamptz not null default now(),
  primary key (tenant_id, id)
);
create index workflow_data_record_history_record on workflow_data_record_history (tenant_id, record_id, version);

create table workflow_data_queries (
  tenant_id uuid not null references tenants (id) on delete cascade,
  id uuid not null,
  key text not null check (key ~ '^[a-z][a-z0-9_]{0,62}$'),
  name text not null,
  description text not null default '',
  -- records (of model_id) | instances | tasks | history
  source text not null check (source in ('records', 'instances', 'tasks', 'history')),
  model_id uuid,
  -- { filters: [{ field, op, value? , param? }], sort: [{ field, dir }], groupBy: [field],
  --   aggregates: [{ fn: count|sum|avg|min|max, field?, as }], columns: [field], limit }
  definition jsonb not null default '{}',
  -- [{ name, label, type: text|number|boolean|date, required, default? }]
  params jsonb not null default '[]',
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (tenant_id, key),
  check ((source = 'records') = (model_id is not null)),
  foreign key (tenant_id, model_id) references workflow_data_models (tenant_id, id) on delete restrict
);

do $$
declare t text;
begin
  foreach t in array array['workflow_data_models', 'workflow_data_records',
    'workflow_data_record_history', 'workflow_data_queries'] loop
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    execute format($p$create policy tenant_isolation on %I to platform_app
      using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
      with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)$p$, t);
  end loop;
end $$;
