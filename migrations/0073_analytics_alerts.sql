-- Analytics alerts (issue 42): a condition on a widget's query, checked on a cron schedule in the
-- tenant's time zone as its owner; a firing is recorded only when the state changes (ok →
-- firing, firing → ok), with what went out on which channel.
create table analytics_alerts (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  app_id uuid not null,
  widget_id uuid not null,
  owner_id uuid not null references users (id) on delete cascade,
  name text not null check (length(name) between 1 and 200),
  -- above | below | goal | change | rows (alerts.rules.ts)
  kind text not null check (kind in ('above', 'below', 'goal', 'change', 'rows')),
  threshold double precision,
  -- change: up | down | any
  direction text not null default 'any' check (direction in ('up', 'down', 'any')),
  -- The result column (null: the widget's value mapping) and how rows are folded into one value.
  value_column text check (length(value_column) <= 100),
  aggregate text not null default 'first' check (aggregate in ('first', 'sum', 'max', 'min')),
  -- change: the date field and days of the period (null: the KPI widget's trendField/trendDays).
  period_field text check (length(period_field) <= 200),
  period_days integer check (period_days between 1 and 3650),
  cron text not null check (length(cron) between 1 and 100),
  next_check_at timestamptz,
  notify_inbox boolean not null default true,
  notify_email boolean not null default false,
  webhook_url text check (length(webhook_url) <= 2000),
  recipients uuid[] not null default '{}',
  emails text[] not null default '{}',
  -- ok | firing | error (the owner lost access, the query failed)
  state text not null default 'ok' check (state in ('ok', 'firing', 'error')),
  state_since timestamptz not null default now(),
  last_value double precision,
  last_checked_at timestamptz,
  last_error text check (length(last_error) <= 1000),
  muted boolean not null default false,
  snoozed_until timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, app_id) references analytics_apps (tenant_id, id) on delete cascade,
  foreign key (tenant_id, widget_id) references analytics_widgets (tenant_id, id) on delete cascade
);
create index analytics_alerts_app on analytics_alerts (tenant_id, app_id, created_at);
create index analytics_alerts_due on analytics_alerts (next_check_at) where next_check_at is not null;
select platform_tenant_table('analytics_alerts');

-- Each check's result (the last ones are shown on the alert's page).
create table analytics_alert_checks (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  alert_id uuid not null,
  checked_at timestamptz not null default now(),
  value double precision,
  state text not null check (state in ('ok', 'firing', 'error')),
  error text check (length(error) <= 1000),
  primary key (tenant_id, id),
  foreign key (tenant_id, alert_id) references analytics_alerts (tenant_id, id) on delete cascade
);
create index analytics_alert_checks_alert on analytics_alert_checks (tenant_id, alert_id, checked_at);
select platform_tenant_table('analytics_alert_checks');

-- A change of state: a firing or a recovery, with the channels it went out on.
create table analytics_alert_firings (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  alert_id uuid not null,
  kind text not null check (kind in ('firing', 'recovery')),
  at timestamptz not null default now(),
  value double precision,
  threshold double precision,
  -- inbox | email | webhook: what was queued or sent; empty while muted or snoozed.
  channels text[] not null default '{}',
  silenced boolean not null default false,
  -- sent | failed (the webhook job's outcome), null without a webhook
  webhook_status text check (webhook_status in ('queued', 'sent', 'failed')),
  -- The chart as a PNG for the e-mails of this firing (the mail attachment source reads it).
  chart_png bytea,
  primary key (tenant_id, id),
  foreign key (tenant_id, alert_id) references analytics_alerts (tenant_id, id) on delete cascade
);
create index analytics_alert_firings_alert on analytics_alert_firings (tenant_id, alert_id, at);
select platform_tenant_table('analytics_alert_firings');

-- The sweep below reads tenant ids as the schema owner (like 0058's).
create policy schema_owner on analytics_alerts for select to current_user using (true);

-- The sweep's tenants: those with an alert whose check is due.
create function analytics_alerts_due_tenants(at timestamptz) returns setof uuid
  language sql stable security definer
  set search_path = public, pg_temp
as $$
  select distinct a.tenant_id from analytics_alerts a join tenants t on t.id = a.tenant_id
  where a.next_check_at <= at and t.status = 'active'
$$;
revoke all on function analytics_alerts_due_tenants(timestamptz) from public;
grant execute on function analytics_alerts_due_tenants(timestamptz) to platform_worker;

-- The customer portal's principal (migration 0050) never reads or writes these.
create policy portal_deny_select on analytics_alerts as restrictive for select
  to platform_portal using (false);
create policy portal_deny_insert on analytics_alerts as restrictive for insert
  to platform_portal with check (false);
create policy portal_deny_update on analytics_alerts as restrictive for update
  to platform_portal using (false);
create policy portal_deny_delete on analytics_alerts as restrictive for delete
  to platform_portal using (false);
create policy portal_deny_select on analytics_alert_checks as restrictive for select
  to platform_portal using (false);
create policy portal_deny_insert on analytics_alert_checks as restrictive for insert
  to platform_portal with check (false);
create policy portal_deny_update on analytics_alert_checks as restrictive for update
  to platform_portal using (false);
create policy portal_deny_delete on analytics_alert_checks as restrictive for delete
  to platform_portal using (false);
create policy portal_deny_select on analytics_alert_firings as restrictive for select
  to platform_portal using (false);
create policy portal_deny_insert on analytics_alert_firings as restrictive for insert
  to platform_portal with check (false);
create policy portal_deny_update on analytics_alert_firings as restrictive for update
  to platform_portal using (false);
create policy portal_deny_delete on analytics_alert_firings as restrictive for delete
  to platform_portal using (false);
