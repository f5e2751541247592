-- Scheduled subscriptions of a dashboard sheet (issue 42, part 2): a sheet mailed on a cron
-- schedule to members and plain addresses, with the filters chosen for it; a history of sends;
-- the pictures and the PDF of each send kept until the outbox has mailed them.
create table analytics_subscriptions (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  sheet_id uuid not null,
  name text not null check (length(name) between 1 and 200),
  -- Who made it: plain addresses receive what this member sees.
  owner_id uuid not null,
  -- The schedule as chosen (preset or custom) and the cron expression it stands for.
  schedule jsonb not null,
  cron text not null check (length(cron) between 1 and 200),
  timezone text not null default 'UTC',
  user_ids uuid[] not null default '{}',
  emails text[] not null default '{}',
  filters jsonb not null default '{}',
  skip_empty boolean not null default false,
  attach_pdf boolean not null default true,
  enabled boolean not null default true,
  -- Where links in the mail point (the address the subscription was made at).
  origin text not null default '',
  next_run_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, sheet_id) references analytics_sheets (tenant_id, id) on delete cascade
);
create index analytics_subscriptions_sheet on analytics_subscriptions (tenant_id, sheet_id, created_at);
create index analytics_subscriptions_due on analytics_subscriptions (next_run_at)
  where enabled and next_run_at is not null;

-- One row per send: a scheduled occurrence (unique, so no occurrence is sent twice) or "send now".
create table analytics_subscription_sends (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  subscription_id uuid not null,
  trigger text not null check (trigger in ('schedule', 'manual')),
  occurrence timestamptz,
  status text not null default 'queued' check (status in ('queued', 'sent', 'skipped', 'failed')),
  recipients integer not null default 0,
  -- Why nothing (or not everything) went: every widget empty, no recipient may see the sheet,
  -- or the sheet could not be drawn (error says how).
  reason text check (reason in ('empty', 'nobody', 'failed')),
  error text,
  created_at timestamptz not null default now(),
  finished_at timestamptz,
  primary key (tenant_id, id),
  unique (tenant_id, subscription_id, occurrence),
  foreign key (tenant_id, subscription_id) references analytics_subscriptions (tenant_id, id)
    on delete cascade
);
create index analytics_subscription_sends_list
  on analytics_subscription_sends (tenant_id, subscription_id, created_at desc);

-- The rendered pictures and PDFs of a send, read by the outbox at send time (cid: parts).
create table analytics_subscription_files (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  send_id uuid not null,
  content bytea not null,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, send_id) references analytics_subscription_sends (tenant_id, id)
    on delete cascade
);
create index analytics_subscription_files_send on analytics_subscription_files (tenant_id, send_id);

select platform_tenant_table('analytics_subscriptions');
select platform_tenant_table('analytics_subscription_sends');
select platform_tenant_table('analytics_subscription_files');

-- The ticker finds due subscriptions across tenants as the dispatcher role (ids only); each is
-- then locked and fired in its own tenant's transaction.
grant select on analytics_subscriptions to platform_worker;
create policy dispatcher on analytics_subscriptions to platform_worker using (true) with check (true);

-- The customer portal's principal (migration 0050) never reads or writes these.
create policy portal_deny_select on analytics_subscriptions as restrictive for select
  to platform_portal using (false);
create policy portal_deny_insert on analytics_subscriptions as restrictive for insert
  to platform_portal with check (false);
create policy portal_deny_update on analytics_subscriptions as restrictive for update
  to platform_portal using (false);
create policy portal_deny_delete on analytics_subscriptions as restrictive for delete
  to platform_portal using (false);
create policy portal_deny_select on analytics_subscription_sends as restrictive for select
  to platform_portal using (false);
create policy portal_deny_insert on analytics_subscription_sends as restrictive for insert
  to platform_portal with check (false);
create policy portal_deny_update on analytics_subscription_sends as restrictive for update
  to platform_portal using (false);
create policy portal_deny_delete on analytics_subscription_sends as restrictive for delete
  to platform_portal using (false);
create policy portal_deny_select on analytics_subscription_files as restrictive for select
  to platform_portal using (false);
create policy portal_deny_insert on analytics_subscription_files as restrictive for insert
  to platform_portal with check (false);
create policy portal_deny_update on analytics_subscription_files as restrictive for update
  to platform_portal using (false);
create policy portal_deny_delete on analytics_subscription_files as restrictive for delete
  to platform_portal using (false);
