-- Workflow decision tables: DMN 1.3 decision tables, deployed in versions per decision id (the
-- key business rule tasks name in camunda:decisionRef). Each version keeps the XML it came from
-- (the editor reopens it) and the compiled table the evaluator runs, so no step parses XML.

create table workflow_decisions (
  tenant_id uuid not null references tenants (id) on delete cascade,
  id uuid not null,
  -- The DMN decision id.
  key text not null check (key ~ '^[A-Za-z_][A-Za-z0-9_.-]{0,127}$'),
  version integer not null check (version > 0),
  name text not null,
  -- The whole DMN file (it may hold several decisions; each is a row of its own).
  xml text not null,
  -- { hitPolicy, aggregation, inputs: [...], outputs: [...], rules: [...] } (decisions.compile.ts)
  compiled jsonb not null,
  deployed_by uuid,
  deployed_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (tenant_id, key, version)
);

do $$
declare t text;
begin
  foreach t in array array['workflow_decisions'] loop
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    execute format($p$create policy tenant_isolation on %I to platform_app
      using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
      with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)$p$, t);
  end loop;
end $$;
