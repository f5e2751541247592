-- Access hardening (issue 35, security review of API tokens and sign-in sessions).

-- 1. Ending an account's sessions is something only the account itself does (signing out
--    elsewhere, or a password reset, which acts as the account inside its transaction once the
--    link is used): 0035's function took any account from any transaction. It now refuses
--    unless app.user_id is the account, and can also revoke the account's personal API tokens
--    (those it holds itself; a service account's tokens have another holder and stay).
--    Revoking a token marks its row and its `tok:<id>` jti in revoked_tokens, which every
--    request checks with the session (as api-tokens.repo.ts revokeTokenRow does).
create function identity_end_access(account uuid, except_jti text, with_tokens boolean)
  returns integer
  language plpgsql volatile security definer
  set search_path = public, pg_temp
as $$
declare
  ended integer;
begin
  if account is null
     or account is distinct from nullif(current_setting('app.user_id', true), '')::uuid then
    raise exception 'only the account itself can end its sessions' using errcode = '42501';
  end if;
  insert into revoked_tokens (jti, expires_at)
  select s.jti, s.expires_at from sign_in_sessions s
  where s.user_id = account and s.expires_at > now() and s.jti is distinct from except_jti
  on conflict do nothing;
  get diagnostics ended = row_count;
  delete from sign_in_sessions s where s.user_id = account and s.jti is distinct from except_jti;
  if with_tokens then
    insert into revoked_tokens (jti, expires_at)
    select 'tok:' || t.id, t.expires_at from api_tokens t
    where t.user_id = account and t.revoked_at is null and t.expires_at > now()
    on conflict do nothing;
    update api_tokens t set revoked_at = now() where t.user_id = account and t.revoked_at is null;
  end if;
  return ended;
end
$$;
revoke all on function identity_end_access(uuid, text, boolean) from public;
grant execute on function identity_end_access(uuid, text, boolean) to platform_app;

-- The name 0035 gave: the same check, sessions and personal tokens alike.
create or replace function identity_end_sessions(account uuid, except_jti text)
  returns integer
  language sql volatile security definer
  set search_path = public, pg_temp
as $$
  select identity_end_access(account, except_jti, true)
$$;
revoke all on function identity_end_sessions(uuid, text) from public;
grant execute on function identity_end_sessions(uuid, text) to platform_app;

-- 2. Sign-in sessions: 0035 left the tenant-wide policy in place (OR'ed with own_sessions), so
--    any member's transaction could read, update or delete a colleague's rows. A row is now
--    visible and writable only to its owner in its tenant; own_sessions still shows one's own
--    rows of every workspace for reading.
alter policy tenant_isolation on sign_in_sessions
  using (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid)
         and user_id = (select nullif(current_setting('app.user_id', true), '')::uuid))
  with check (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid)
              and user_id = (select nullif(current_setting('app.user_id', true), '')::uuid));

-- 3. API tokens: the application role could read every token's hash and change any column
--    (un-revoke, widen scopes, extend expiry). It now reads every column but the hash (the
--    bearer lookup goes through identity_api_token, a definer function), inserts new tokens,
--    and updates only "last used" and the revocation; nothing of the app deletes tokens.
revoke select, update, delete on api_tokens from platform_app;
grant select (tenant_id, id, user_id, name, prefix, scopes, expires_at, created_by, created_at,
              last_used_at, last_used_from, revoked_at) on api_tokens to platform_app;
grant update (last_used_at, last_used_from, revoked_at) on api_tokens to platform_app;

-- A revoked token stays revoked (its revocation time is kept too).
create function api_tokens_keep_revoked() returns trigger
  language plpgsql
as $$
begin
  if old.revoked_at is not null and new.revoked_at is distinct from old.revoked_at then
    raise exception 'a revoked token stays revoked' using errcode = '42501';
  end if;
  return new;
end
$$;
revoke all on function api_tokens_keep_revoked() from public;
create trigger api_tokens_keep_revoked before update of revoked_at on api_tokens
  for each row execute function api_tokens_keep_revoked();

-- The bearer lookup takes the one token with a hash, in any tenant, so a hash names one token in
-- the whole installation. Not a unique index: keys of tenant tables include tenant_id (so they
-- can later be distributed by tenant, DESIGN.md; tests/shared/rls.test.ts), as 0043 does for
-- invitation links. A definer trigger refuses a hash any other token has, serialised per hash by
-- an advisory lock (race free), and the lookup answers nothing should a hash ever match two rows.
create function identity_api_tokens_hash_unique() returns trigger
  language plpgsql security definer
  set search_path = public, pg_temp
as $$
begin
  perform pg_advisory_xact_lock(hashtextextended('api_tokens:' || encode(new.token_hash, 'hex'), 0));
  if exists (
    select 1 from api_tokens t
    where t.token_hash = new.token_hash and (t.tenant_id, t.id) <> (new.tenant_id, new.id)
  ) then
    raise exception 'this token is in use already' using errcode = 'unique_violation';
  end if;
  return new;
end $$;
revoke all on function identity_api_tokens_hash_unique() from public;
create trigger api_tokens_hash_unique
  before insert or update of token_hash on api_tokens
  for each row execute function identity_api_tokens_hash_unique();

create or replace function identity_api_token(hash bytea)
  returns table (id uuid, tenant_id uuid, user_id uuid, scopes text[], expires_at timestamptz,
                 token_hash bytea)
  language sql stable security definer
  set search_path = public, pg_temp
as $$
  select t.id, t.tenant_id, t.user_id, t.scopes, t.expires_at, t.token_hash from api_tokens t
  where t.token_hash = hash and t.revoked_at is null and t.expires_at > now()
    and (select count(*) from api_tokens d where d.token_hash = hash) = 1
$$;
