-- Workflow reports: saved report definitions of the report studio (a data query — ad hoc, a
-- saved query by key, or one of the standard reports — plus chart and table settings, the roles
-- that may view it and an archive schedule) and their archived snapshots, whose CSV and chart
-- (SVG) live in Documents.

create table workflow_reports (
  tenant_id uuid not null references tenants (id) on delete cascade,
  id uuid not null,
  name text not null check (length(name) between 1 and 200),
  description text not null default '',
  -- { kind: 'adhoc', source, model?, definition } | { kind: 'query', query, params }
  -- | { kind: 'standard', key }
  source jsonb not null,
  -- { type: bar|line|pie|table, x?, y?: [] }
  chart jsonb not null default '{"type":"table"}',
  -- Role keys that may view it; empty: everyone holding workflow.report.read.
  roles text[] not null default '{}',
  schedule text not null default 'none' check (schedule in ('none', 'daily', 'weekly', 'monthly')),
  -- The next archive run (null when not scheduled); the archive job advances it when it runs.
  next_run_at timestamptz,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id)
);
create index workflow_reports_due on workflow_reports (next_run_at) where next_run_at is not null;

create table workflow_report_snapshots (
  tenant_id uuid not null,
  id uuid not null,
  report_id uuid not null,
  taken_at timestamptz not null default now(),
  row_count integer not null,
  -- Files in Documents (people may since have moved or deleted them there; null: not stored).
  csv_file_id uuid,
  chart_file_id uuid,
  -- Who asked for it; null for the scheduled archive.
  taken_by uuid,
  primary key (tenant_id, id),
  foreign key (tenant_id, report_id) references workflow_reports (tenant_id, id) on delete cascade
);
create index workflow_report_snapshots_list on workflow_report_snapshots (tenant_id, report_id, taken_at desc);

do $$
declare t text;
begin
  foreach t in array array['workflow_reports', 'workflow_report_snapshots'] loop
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    execute format($p$create policy tenant_isolation on %I to platform_app
      using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
      with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)$p$, t);
  end loop;
end $$;
