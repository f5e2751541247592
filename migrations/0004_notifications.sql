-- In-app notifications, the e-mail outbox and notification rules.

create table notifications (
  tenant_id uuid not null references tenants (id) on delete cascade,
  id uuid not null,
  user_id uuid not null references users (id) on delete cascade,
  module text not null,
  title text not null,
  body text not null default '',
  link text,
  read_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id)
);
create index notifications_inbox on notifications (tenant_id, user_id, created_at desc, id desc);
create index notifications_unread on notifications (tenant_id, user_id) where read_at is null;

create table mail_outbox (
  tenant_id uuid not null references tenants (id) on delete cascade,
  id uuid not null,
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text,
  state text not null default 'queued' check (state in ('queued', 'sending', 'sent', 'failed')),
  attempts integer not null default 0,
  last_error text,
  created_at timestamptz not null default now(),
  -- When a worker took it for sending; a stale claim (crashed worker) may be taken again.
  claimed_at timestamptz,
  sent_at timestamptz,
  primary key (tenant_id, id)
);
create index mail_outbox_state on mail_outbox (tenant_id, state, created_at);

-- A rule: when `event` is published and `condition` holds, run `actions`.
create table notification_rules (
  tenant_id uuid not null references tenants (id) on delete cascade,
  id uuid not null,
  name text not null,
  event text not null,
  condition jsonb not null default '{}',
  actions jsonb not null default '[]',
  enabled boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id)
);
create index notification_rules_event on notification_rules (tenant_id, event) where enabled;

do $$
declare t text;
begin
  foreach t in array array['notifications', 'mail_outbox', 'notification_rules'] loop
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    execute format($p$create policy tenant_isolation on %I
      using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
      with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)$p$, t);
  end loop;
end $$;
