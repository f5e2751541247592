-- Platform core: the application role, tenants, users, roles, memberships, auth bookkeeping.

-- The application role: owns nothing, cannot bypass RLS. Every request switches to it inside
-- its transaction (set_config('role', ...)), so row-level security always applies.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'platform_app') then
    create role platform_app nologin nosuperuser nobypassrls;
  end if;
end $$;
grant platform_app to current_user;
grant usage on schema public to platform_app;
alter default privileges in schema public grant select, insert, update, delete on tables to platform_app;
alter default privileges in schema public grant usage, select on sequences to platform_app;

-- Platform-level tables (not tenant-owned).
create table tenants (
  id uuid primary key,
  -- A slug never looks like a UUID, so "slug or id" lookups are unambiguous.
  slug text not null unique check (slug ~ '^[a-z0-9][a-z0-9-]{1,62}$'
                                   and slug !~ '^[0-9a-f]{8}-[0-9a-f]{4}-'),
  name text not null,
  created_at timestamptz not null default now()
);

create table users (
  id uuid primary key,
  email text not null,
  name text not null,
  password_hash text,
  locale text check (locale in ('en', 'tr')),
  is_operator boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_key on users (lower(email));

-- Failed sign-in counters per account and per client address (shared by all instances).
create table login_throttle (
  key text primary key,
  failures integer not null default 0,
  window_started_at timestamptz not null default now(),
  locked_until timestamptz
);

-- Signed-out token ids, kept until the token would have expired anyway.
create table revoked_tokens (
  jti text primary key,
  expires_at timestamptz not null
);

-- Tenant-owned tables.
create table roles (
  tenant_id uuid not null references tenants (id) on delete cascade,
  id uuid not null,
  key text not null check (key ~ '^[a-z][a-z0-9_-]{1,40}$'),
  name text not null,
  description text not null default '',
  permissions text[] not null default '{}',
  builtin boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (tenant_id, key)
);

create table memberships (
  tenant_id uuid not null references tenants (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  roles text[] not null default '{}',
  status text not null default 'active' check (status in ('active', 'disabled')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, user_id)
);
create index memberships_user_idx on memberships (user_id);

alter table roles enable row level security;
alter table roles force row level security;
create policy tenant_isolation on roles
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

alter table memberships enable row level security;
alter table memberships force row level security;
-- A user also sees their own memberships in other tenants (for the tenant switcher), but can
-- only write rows of the current tenant.
create policy tenant_isolation on memberships
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
         or user_id = nullif(current_setting('app.user_id', true), '')::uuid)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
