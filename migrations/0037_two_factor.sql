-- Two-factor sign-in (issue 35, part 3): TOTP, recovery codes, passkeys (WebAuthn), and a
-- workspace's policy on who must use a second factor.
--
-- The factors belong to the account (users are global, an account signs in to every workspace it
-- belongs to with the same factors), so these tables have no tenant_id: each row is the
-- account's own, under forced row-level security on app.user_id. Nobody else (no workspace admin,
-- no other account) reads or writes them through the application role. Password-less sign-in
-- finds a passkey by its credential id before any account is known, through the definer function
-- identity_passkey_for_login below.

-- Who must have a second factor to sign in to this workspace: nobody, owners and admins, everyone.
alter table tenants add column two_factor_policy text not null default 'none'
  check (two_factor_policy in ('none', 'admins', 'everyone'));
grant update (two_factor_policy) on tenants to platform_app;

-- The TOTP secret, AES-256-GCM sealed with the installation's key (platform_secrets
-- 'identity-two-factor-key'), bound to its account. It counts once confirmed with a first code;
-- last_step is the last time step a code was accepted for (a code is accepted once per window).
create table identity_totp (
  user_id uuid primary key references users (id) on delete cascade,
  secret_ciphertext bytea not null,
  secret_nonce bytea not null,
  secret_key_id text not null,
  confirmed_at timestamptz,
  last_step bigint,
  created_at timestamptz not null default now()
);

-- Ten single-use recovery codes per account, stored as SHA-256 hex only.
create table identity_recovery_codes (
  user_id uuid not null references users (id) on delete cascade,
  code_hash text not null check (code_hash ~ '^[0-9a-f]{64}$'),
  used_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (user_id, code_hash)
);

-- Passkeys: the credential id (base64url, unique across every account), its COSE public key and
-- signature counter, and the name its owner gave it.
create table identity_passkeys (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  credential_id text not null unique check (length(credential_id) between 1 and 1400),
  public_key bytea not null,
  counter bigint not null default 0,
  transports text[] not null default '{}',
  name text not null check (length(name) between 1 and 100),
  created_at timestamptz not null default now(),
  last_used_at timestamptz
);
create index identity_passkeys_user on identity_passkeys (user_id);

do $$
declare t text;
begin
  foreach t in array array['identity_totp', 'identity_recovery_codes', 'identity_passkeys'] loop
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    execute format($p$create policy own_account on %I to platform_app
      using (user_id = (select nullif(current_setting('app.user_id', true), '')::uuid))
      with check (user_id = (select nullif(current_setting('app.user_id', true), '')::uuid))$p$, t);
    -- The schema owner (definer functions, backups) keeps seeing every row under FORCE.
    execute format('create policy schema_owner on %I to current_user using (true) with check (true)', t);
  end loop;
end $$;

-- Password-less sign-in: the passkey with this credential id and its account, before any account
-- is known. Inside a signed-in scope it answers nothing (a request cannot look at another
-- account's passkeys through it).
create function identity_passkey_for_login(credential text)
  returns table (id uuid, user_id uuid, public_key bytea, counter bigint, transports text[])
  language sql stable security definer
  set search_path = public, pg_temp
as $$
  select p.id, p.user_id, p.public_key, p.counter, p.transports from identity_passkeys p
  where p.credential_id = credential
    and nullif(current_setting('app.user_id', true), '') is null
$$;
revoke all on function identity_passkey_for_login(text) from public;
grant execute on function identity_passkey_for_login(text) to platform_app;
