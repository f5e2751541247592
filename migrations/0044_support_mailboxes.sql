-- Support mailboxes: e-mail into tickets (issue "support channels", transport and storage).
--
-- support_mailboxes: any number per tenant. An IMAP account (its password sealed with AES-256-GCM
-- like the SSO client secret: ciphertext, nonce and key id; never read back by the API) and/or an
-- inbound HTTP endpoint authenticated by a per-mailbox secret stored only as its SHA-256 (hex).
-- The IMAP watcher of one instance holds a mailbox through a lease (imap_lease_*), so one IDLE
-- connection serves it; the unique Message-ID below keeps one row per message whatever happens.
create table support_mailboxes (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  name text not null check (length(name) between 1 and 200),
  address text not null check (length(address) between 3 and 254),
  enabled boolean not null default true,
  imap_host text check (length(imap_host) <= 255),
  imap_port int check (imap_port between 1 and 65535),
  imap_tls boolean not null default true,
  imap_user text check (length(imap_user) <= 320),
  imap_password_ciphertext bytea,
  imap_password_nonce bytea,
  imap_password_key_id text,
  imap_folder text not null default 'INBOX' check (length(imap_folder) between 1 and 200),
  -- The folder's UIDVALIDITY and the highest UID stored under it: a sweep asks only for newer.
  imap_uid_validity bigint,
  imap_last_uid bigint not null default 0,
  imap_lease_holder text,
  imap_lease_until timestamptz,
  inbound_token_hash text check (inbound_token_hash ~ '^[0-9a-f]{64}$'),
  team_id uuid,
  max_message_bytes int not null default 26214400 check (max_message_bytes between 1024 and 104857600),
  last_checked_at timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, team_id) references support_teams (tenant_id, id)
    on delete set null (team_id)
);
create unique index support_mailboxes_address on support_mailboxes (tenant_id, lower(address));
select platform_tenant_table('support_mailboxes');

-- One received message, kept whole (raw) before anything reads it. message_id is the Message-ID
-- header, or '<sha256-of-raw@missing>' without one: unique per mailbox, so two instances that
-- receive the same message store it once and queue its intake once.
create table support_inbound_messages (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  mailbox_id uuid not null,
  message_id text not null check (length(message_id) between 1 and 1000),
  source text not null check (source in ('imap', 'http')),
  imap_uid bigint,
  received_at timestamptz not null default now(),
  size int not null check (size >= 0),
  from_address text,
  subject text,
  raw bytea,
  state text not null default 'queued' check (state in ('queued', 'processed', 'ignored', 'failed')),
  reason text,
  attempts int not null default 0,
  ticket_id uuid,
  comment_id uuid,
  processed_at timestamptz,
  primary key (tenant_id, id),
  unique (tenant_id, mailbox_id, message_id),
  foreign key (tenant_id, mailbox_id) references support_mailboxes (tenant_id, id) on delete cascade
);
-- A mailbox's messages by state, newest first (the failed list, the page's filters).
create index support_inbound_messages_state
  on support_inbound_messages (tenant_id, mailbox_id, state, received_at desc);
-- The queue: messages waiting for their intake.
create index support_inbound_messages_queued
  on support_inbound_messages (tenant_id, received_at) where state = 'queued';
create index support_inbound_messages_ticket
  on support_inbound_messages (tenant_id, ticket_id) where ticket_id is not null;
select platform_tenant_table('support_inbound_messages');

-- The definer functions below run as the schema owner, which FORCE subjects to the policies too.
create policy schema_owner on support_mailboxes for select to current_user using (true);

-- The inbound endpoint is called before any tenant is known: by the mailbox id in its path and
-- the hash of its bearer token. Answers the mailbox's tenant and whether the hash is its token's
-- (nothing when the mailbox does not exist); the request then works under that tenant.
create function support_mailbox_inbound(mailbox uuid, hash text)
  returns table (tenant_id uuid, token_ok boolean, enabled boolean)
  language sql stable security definer
  set search_path = public, pg_temp
as $$
  select m.tenant_id, m.inbound_token_hash is not null and m.inbound_token_hash = hash, m.enabled
  from support_mailboxes m join tenants t on t.id = m.tenant_id
  where m.id = mailbox and t.status = 'active'
  limit 1
$$;
revoke all on function support_mailbox_inbound(uuid, text) from public;
grant execute on function support_mailbox_inbound(uuid, text) to platform_app;

-- The IMAP watcher (worker) and its sweep: the enabled IMAP mailboxes of active workspaces,
-- ids only; each is then read under its tenant's policy.
create function support_imap_mailboxes() returns table (tenant_id uuid, id uuid)
  language sql stable security definer
  set search_path = public, pg_temp
as $$
  select m.tenant_id, m.id
  from support_mailboxes m join tenants t on t.id = m.tenant_id
  where m.enabled and m.imap_host is not null and t.status = 'active'
  order by m.tenant_id, m.id
$$;
revoke all on function support_imap_mailboxes() from public;
grant execute on function support_imap_mailboxes() to platform_worker;
grant execute on function support_imap_mailboxes() to platform_app;

create function support_imap_tenants() returns setof uuid
  language sql stable security definer
  set search_path = public, pg_temp
as $$
  select distinct m.tenant_id
  from support_mailboxes m join tenants t on t.id = m.tenant_id
  where m.enabled and m.imap_host is not null and t.status = 'active'
$$;
revoke all on function support_imap_tenants() from public;
grant execute on function support_imap_tenants() to platform_worker;
