-- Hardening after the security review of issue 35: narrower definer functions and single-use
-- rows that stay single use. Old migrations are left as they are (they may be applied already):
-- functions are replaced, grants narrowed, triggers and policies added.

-- 1. Password reset: the definer function that issues a link answers whom to write to, so it is
--    an oracle for "does this address have an account". Its only caller is the reset job
--    (password-reset.service.ts), which runs in the platform's own (nil) tenant scope without a
--    user while its job row is claimed. The function now insists on exactly that: no user, the
--    nil tenant, and a running reset job for this very address (queued only by the throttled
--    request path). The link's lifetime must lie between one minute and one hour.
--    Operators' accounts get no link (the same silence as an unknown address): an operator's
--    password opens every workspace, so a mailbox alone must not hand it over; an operator who
--    forgot it is helped by another operator or the server's administrator (docs/modules/identity.md).
create policy schema_owner_password_reset_jobs on jobs for select to current_user
  using (tenant_id = '00000000-0000-0000-0000-000000000000'::uuid
         and name = 'identity.password-reset.send');

create or replace function identity_password_reset_issue(address text, hash text, new_id uuid,
                                                         ttl_seconds integer)
  returns table (user_id uuid, email text, name text, locale text, tenant_id uuid,
                 tenant_locale text)
  language plpgsql volatile security definer
  set search_path = public, pg_temp
as $$
declare
  account users%rowtype;
begin
  if coalesce(current_setting('app.user_id', true), '') <> '' then
    raise exception 'password resets are not issued inside a signed-in request'
      using errcode = 'insufficient_privilege';
  end if;
  if coalesce(current_setting('app.tenant_id', true), '') <>
     '00000000-0000-0000-0000-000000000000' then
    raise exception 'password resets are issued by their job only'
      using errcode = 'insufficient_privilege';
  end if;
  if not exists (
    select 1 from jobs j
    where j.tenant_id = '00000000-0000-0000-0000-000000000000'::uuid
      and j.name = 'identity.password-reset.send' and j.state = 'running'
      and j.lease_until > now() and j.payload ->> 'email' = lower(address)
  ) then
    raise exception 'password resets are issued by their job only'
      using errcode = 'insufficient_privilege';
  end if;
  if ttl_seconds is null or ttl_seconds not between 60 and 3600 then
    raise exception 'a reset link lives between 60 and 3600 seconds'
      using errcode = 'invalid_parameter_value';
  end if;
  select * into account from users u where lower(u.email) = lower(address);
  if not found or account.is_operator then return; end if;
  update identity_password_resets r set used_at = now()
    where r.user_id = account.id and r.used_at is null;
  insert into identity_password_resets (id, user_id, token_hash, expires_at)
    values (new_id, account.id, hash, now() + make_interval(secs => ttl_seconds));
  return query
    select account.id, account.email, account.name, account.locale, t.id, t.locale
    from memberships m join tenants t on t.id = m.tenant_id
    where m.user_id = account.id and m.status = 'active' and t.status = 'active'
    order by m.created_at, t.id
    limit 1;
  if not found then
    return query select account.id, account.email, account.name, account.locale,
                        null::uuid, null::text;
  end if;
end $$;
revoke all on function identity_password_reset_issue(text, text, uuid, integer) from public;
grant execute on function identity_password_reset_issue(text, text, uuid, integer)
  to platform_app;

-- 2. Invitations. A link is looked up across tenants by its hash, so a hash names one invitation
--    in the whole installation. Not a unique index: keys of tenant tables include tenant_id (so
--    they can later be distributed by tenant, DESIGN.md; tests/shared/rls.test.ts). A definer
--    trigger refuses a hash used by any other invitation, serialised per hash by an advisory
--    lock (race free), and the lookup answers nothing should a hash ever match two rows.
create function identity_invitations_hash_unique() returns trigger
  language plpgsql security definer
  set search_path = public, pg_temp
as $$
begin
  perform pg_advisory_xact_lock(hashtextextended('identity_invitations:' || new.token_hash, 0));
  if exists (
    select 1 from identity_invitations i
    where i.token_hash = new.token_hash and (i.tenant_id, i.id) <> (new.tenant_id, new.id)
  ) then
    raise exception 'this invitation link is in use already'
      using errcode = 'unique_violation';
  end if;
  return new;
end $$;
revoke all on function identity_invitations_hash_unique() from public;
create trigger identity_invitations_hash_unique
  before insert or update of token_hash on identity_invitations
  for each row execute function identity_invitations_hash_unique();

create or replace function identity_invitation_by_token(hash text)
  returns table (tenant_id uuid, id uuid)
  language sql stable security definer
  set search_path = public, pg_temp
as $$
  select i.tenant_id, i.id from identity_invitations i
  where i.token_hash = hash
    and (select count(*) from identity_invitations j where j.token_hash = hash) = 1
$$;
revoke all on function identity_invitation_by_token(text) from public;
grant execute on function identity_invitation_by_token(text) to platform_app;

--    The application writes only these columns (invitations.repo.ts: a new link, revoke, accept;
--    the membership trigger of 0036: accept, revoke); address, roles, inviter, tenant and id of
--    an invitation never change once written.
revoke update on identity_invitations from platform_app;
grant update (token_hash, sent_at, expires_at, accepted_at, accepted_by, revoked_at)
  on identity_invitations to platform_app;

-- 3. Recovery codes are spent once: the application may set used_at on an unused code and
--    nothing else, and never deletes one (a replaced set is retired: used_at set, see
--    two-factor.repo.ts), so a spent code can neither be un-spent nor deleted and inserted again
--    (the key (user_id, code_hash) keeps it taken). New codes start unused.
revoke update, delete on identity_recovery_codes from platform_app;
grant update (used_at) on identity_recovery_codes to platform_app;
create policy spend_once on identity_recovery_codes as restrictive for update to platform_app
  using (used_at is null) with check (used_at is not null);
create policy start_unused on identity_recovery_codes as restrictive for insert to platform_app
  with check (used_at is null);

-- 4. TOTP: a code's time step is accepted once, so last_step only moves forward. For the
--    application role a secret starts unconfirmed without a step; confirming sets a step; a
--    confirmed secret keeps its secret and confirmation and its step never goes back (removing
--    the secret, after a current code, is a delete).
create function identity_totp_steps_forward() returns trigger
  language plpgsql
  set search_path = public, pg_temp
as $$
begin
  if current_user::text <> 'platform_app' then return new; end if;
  if tg_op = 'INSERT' then
    if new.confirmed_at is not null or new.last_step is not null then
      raise exception 'a TOTP secret starts unconfirmed' using errcode = 'insufficient_privilege';
    end if;
    return new;
  end if;
  if new.user_id is distinct from old.user_id then
    raise exception 'a TOTP secret stays with its account' using errcode = 'insufficient_privilege';
  end if;
  if old.confirmed_at is null then
    if new.confirmed_at is not null and new.last_step is null then
      raise exception 'confirming a TOTP secret spends its first code'
        using errcode = 'insufficient_privilege';
    end if;
    return new;
  end if;
  if new.confirmed_at is distinct from old.confirmed_at
     or new.secret_ciphertext is distinct from old.secret_ciphertext
     or new.secret_nonce is distinct from old.secret_nonce
     or new.secret_key_id is distinct from old.secret_key_id
     or new.last_step is null
     or (old.last_step is not null and new.last_step < old.last_step) then
    raise exception 'a confirmed TOTP secret only moves its last step forward'
      using errcode = 'insufficient_privilege';
  end if;
  return new;
end $$;
revoke all on function identity_totp_steps_forward() from public;
create trigger identity_totp_steps_forward before insert or update on identity_totp
  for each row execute function identity_totp_steps_forward();

-- 5. Password-less passkey sign-in looks a credential up before any account or workspace is
--    known: like its siblings (identity_user_for_login), it answers nothing in a scope that has
--    a user or a tenant.
create or replace function identity_passkey_for_login(credential text)
  returns table (id uuid, user_id uuid, public_key bytea, counter bigint, transports text[])
  language sql stable security definer
  set search_path = public, pg_temp
as $$
  select p.id, p.user_id, p.public_key, p.counter, p.transports from identity_passkeys p
  where p.credential_id = credential
    and nullif(current_setting('app.user_id', true), '') is null
    and nullif(current_setting('app.tenant_id', true), '') is null
$$;
revoke all on function identity_passkey_for_login(text) from public;
grant execute on function identity_passkey_for_login(text) to platform_app;
