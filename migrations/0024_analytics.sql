-- Analytics: applications (with access per user or role: view, edit, manage), their ordered
-- sheets, and the widgets of a sheet (a query over a dataset, table or external source, a chart
-- type with options, and the widget's place in the sheet's grid).

create table analytics_apps (
  tenant_id uuid not null references tenants (id) on delete cascade,
  id uuid not null,
  name text not null,
  description text not null default '',
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id)
);

-- Who may do what with an application; exactly one of user_id / role is set. Tenant owners and
-- admins (analytics.app.write) manage every application without a row here.
create table analytics_app_access (
  tenant_id uuid not null,
  id uuid not null,
  app_id uuid not null,
  user_id uuid,
  role text,
  level text not null check (level in ('view', 'edit', 'manage')),
  primary key (tenant_id, id),
  check ((user_id is null) <> (role is null)),
  foreign key (tenant_id, app_id) references analytics_apps (tenant_id, id) on delete cascade
);
create unique index analytics_app_access_user on analytics_app_access (tenant_id, app_id, user_id)
  where user_id is not null;
create unique index analytics_app_access_role on analytics_app_access (tenant_id, app_id, role)
  where role is not null;

create table analytics_sheets (
  tenant_id uuid not null,
  id uuid not null,
  app_id uuid not null,
  name text not null,
  position integer not null default 0,
  -- Seconds between automatic refreshes (null: off); the sheet's dashboard filters.
  refresh_seconds integer check (refresh_seconds is null or refresh_seconds between 5 and 86400),
  filters jsonb not null default '[]',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, app_id) references analytics_apps (tenant_id, id) on delete cascade
);
create index analytics_sheets_app on analytics_sheets (tenant_id, app_id, position);

create table analytics_widgets (
  tenant_id uuid not null,
  id uuid not null,
  sheet_id uuid not null,
  title text not null,
  -- bar | line | area | pie | donut | scatter | table | kpi | heatmap | funnel | gauge
  chart_type text not null,
  -- The query (modules/analytics/query/query.types.ts AnalyticsQuery) and the field mapping.
  query jsonb not null default '{}',
  options jsonb not null default '{}',
  -- Place in the sheet's 12-column grid (gridstack).
  x integer not null default 0 check (x >= 0),
  y integer not null default 0 check (y >= 0),
  w integer not null default 4 check (w between 1 and 12),
  h integer not null default 3 check (h between 1 and 48),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, sheet_id) references analytics_sheets (tenant_id, id) on delete cascade
);
create index analytics_widgets_sheet on analytics_widgets (tenant_id, sheet_id);

do $$
declare t text;
begin
  foreach t in array array['analytics_apps', 'analytics_app_access', 'analytics_sheets',
    'analytics_widgets'] loop
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    execute format($p$create policy tenant_isolation on %I to platform_app
      using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
      with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)$p$, t);
  end loop;
end $$;
