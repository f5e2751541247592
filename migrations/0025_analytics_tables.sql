-- Analytics tenant tables (created by hand or from a CSV/XLSX upload, typed columns, editable
-- rows, stored as JSON rows under the same RLS as everything else) and relations between tables
-- and datasets that the query builder joins over.

create table analytics_tables (
  tenant_id uuid not null references tenants (id) on delete cascade,
  id uuid not null,
  name text not null,
  description text not null default '',
  -- [{ name, label, type: text|number|boolean|date|datetime }]; names match ^[a-z][a-z0-9_]*$
  columns jsonb not null default '[]',
  row_count integer not null default 0,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id)
);
create unique index analytics_tables_name on analytics_tables (tenant_id, lower(name));

create table analytics_table_rows (
  tenant_id uuid not null,
  id uuid not null,
  table_id uuid not null,
  -- { <column name>: value } typed as the column says (dates as YYYY-MM-DD, datetimes ISO).
  data jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, table_id) references analytics_tables (tenant_id, id) on delete cascade
);
create index analytics_table_rows_table on analytics_table_rows (tenant_id, table_id, id);

-- left.field = right.field; a source is { kind: dataset, name } or { kind: table, id }.
create table analytics_relations (
  tenant_id uuid not null references tenants (id) on delete cascade,
  id uuid not null,
  name text not null,
  left_source jsonb not null,
  left_field text not null,
  right_source jsonb not null,
  right_field text not null,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id)
);

do $$
declare t text;
begin
  foreach t in array array['analytics_tables', 'analytics_table_rows', 'analytics_relations'] loop
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    execute format($p$create policy tenant_isolation on %I to platform_app
      using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
      with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)$p$, t);
  end loop;
end $$;
