-- Sign-in sessions and API tokens (issue 35, parts 5 and 6).
--
-- Sessions: one row per issued sign-in token (its jti), so a person sees where they are signed
-- in and ends a session. Ending one revokes its jti in revoked_tokens, which every request
-- already checks (readSession, identity_session_unchanged of 0033): it takes effect on the next
-- request on every instance. Sessions signed out normally are revoked the same way and are left
-- out of the list by that.
create table sign_in_sessions (
  tenant_id uuid not null references tenants (id) on delete cascade,
  jti text not null,
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  user_agent text not null default '',
  last_seen_at timestamptz not null default now(),
  last_seen_from text not null default '',
  primary key (tenant_id, jti)
);
create index sign_in_sessions_user on sign_in_sessions (user_id, expires_at);
select platform_tenant_table('sign_in_sessions');
-- One's own sessions in every workspace are visible (the page lists them all; tenants switch
-- with a new token). Writes stay within the current tenant.
create policy own_sessions on sign_in_sessions for select to platform_app
  using (user_id = (select nullif(current_setting('app.user_id', true), '')::uuid));
create policy schema_owner on sign_in_sessions to current_user using (true) with check (true);

-- Ends every session of an account (all workspaces), but one: a password reset runs from a
-- public link with no tenant or user scope, so this is a definer function. Answers how many.
create function identity_end_sessions(account uuid, except_jti text)
  returns integer
  language plpgsql volatile security definer
  set search_path = public, pg_temp
as $$
declare
  ended integer;
begin
  insert into revoked_tokens (jti, expires_at)
  select s.jti, s.expires_at from sign_in_sessions s
  where s.user_id = account and s.expires_at > now() and s.jti is distinct from except_jti
  on conflict do nothing;
  get diagnostics ended = row_count;
  delete from sign_in_sessions s where s.user_id = account and s.jti is distinct from except_jti;
  return ended;
end
$$;
revoke all on function identity_end_sessions(uuid, text) from public;
grant execute on function identity_end_sessions(uuid, text) to platform_app;

-- Service accounts: a non-person principal of a tenant. It is an account (so everything that
-- records who acted keeps working) without a password and with an undeliverable address, a
-- membership with a role, and this row that marks it.
create table service_accounts (
  tenant_id uuid not null references tenants (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  name text not null,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (tenant_id, user_id)
);
select platform_tenant_table('service_accounts');

-- API tokens of a person (personal access tokens) or of a service account. Only the SHA-256 of
-- the secret is kept, with a short visible prefix to tell tokens apart.
create table api_tokens (
  tenant_id uuid not null references tenants (id) on delete cascade,
  id uuid not null,
  user_id uuid not null references users (id) on delete cascade,
  name text not null,
  prefix text not null,
  token_hash bytea not null,
  scopes text[] not null,
  expires_at timestamptz not null,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  last_used_from text,
  revoked_at timestamptz,
  primary key (tenant_id, id)
);
create index api_tokens_hash on api_tokens (token_hash);
create index api_tokens_holder on api_tokens (tenant_id, user_id, created_at);
select platform_tenant_table('api_tokens');
create policy schema_owner on api_tokens to current_user using (true) with check (true);

-- A bearer token arrives before any tenant is known: the live token with this hash.
create function identity_api_token(hash bytea)
  returns table (id uuid, tenant_id uuid, user_id uuid, scopes text[], expires_at timestamptz,
                 token_hash bytea)
  language sql stable security definer
  set search_path = public, pg_temp
as $$
  select t.id, t.tenant_id, t.user_id, t.scopes, t.expires_at, t.token_hash from api_tokens t
  where t.token_hash = hash and t.revoked_at is null and t.expires_at > now()
  limit 1
$$;
revoke all on function identity_api_token(bytea) from public;
grant execute on function identity_api_token(bytea) to platform_app;
