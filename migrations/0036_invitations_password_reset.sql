-- Invitations by e-mail and password reset (issue 35, parts 1 and 2). Both are single-use links
-- whose token is stored only as its SHA-256 hash (hex). A link is opened before any tenant or
-- user is known, so it is found through narrow security-definer functions, like the share links
-- of migration 0023: one hash in, the few facts the page needs out.

-- 1. Invitations: a tenant's, under the tenant policy. At most one pending per address.
create table identity_invitations (
  tenant_id uuid not null references tenants (id) on delete cascade,
  id uuid not null,
  email text not null check (length(email) between 3 and 254),
  roles text[] not null check (cardinality(roles) between 1 and 20),
  token_hash text not null check (token_hash ~ '^[0-9a-f]{64}$'),
  invited_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  sent_at timestamptz not null default now(),
  expires_at timestamptz not null,
  accepted_at timestamptz,
  accepted_by uuid references users (id) on delete set null,
  revoked_at timestamptz,
  primary key (tenant_id, id),
  unique (tenant_id, token_hash)
);
create unique index identity_invitations_pending on identity_invitations (tenant_id, lower(email))
  where accepted_at is null and revoked_at is null;
create index identity_invitations_hash on identity_invitations (token_hash);
select platform_tenant_table('identity_invitations');
-- The definer function below runs as the schema owner, which FORCE subjects to the policies too.
create policy schema_owner on identity_invitations for select to current_user using (true);

-- A link's invitation: its tenant and id (the page reads the rest under that tenant's policy).
create function identity_invitation_by_token(hash text)
  returns table (tenant_id uuid, id uuid)
  language sql stable security definer
  set search_path = public, pg_temp
as $$
  select i.tenant_id, i.id from identity_invitations i where i.token_hash = hash limit 1
$$;
revoke all on function identity_invitation_by_token(text) from public;
grant execute on function identity_invitation_by_token(text) to platform_app;

-- The older path (an existing account added from the admin API shows up as an invitation in its
-- shell): answering there answers the e-mail invitation of the same address too.
create function identity_invitations_follow_membership() returns trigger
  language plpgsql
as $$
begin
  if tg_op = 'UPDATE' and old.status = 'invited' and new.status = 'active' then
    update identity_invitations i set accepted_at = now(), accepted_by = new.user_id
    where i.tenant_id = new.tenant_id and i.accepted_at is null and i.revoked_at is null
      and lower(i.email) = (select lower(u.email) from users u where u.id = new.user_id);
  elsif tg_op = 'DELETE' and old.status = 'invited' then
    update identity_invitations i set revoked_at = now()
    where i.tenant_id = old.tenant_id and i.accepted_at is null and i.revoked_at is null
      and lower(i.email) = (select lower(u.email) from users u where u.id = old.user_id);
  end if;
  return null;
end $$;
create trigger identity_invitations_follow_membership
  after update of status or delete on memberships
  for each row execute function identity_invitations_follow_membership();

-- 2. Password resets: an account's, not a tenant's. The application role has no access to the
--    table at all; requesting, peeking at and using a link go through the functions below.
create table identity_password_resets (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index identity_password_resets_user on identity_password_resets (user_id);
alter table identity_password_resets enable row level security;
alter table identity_password_resets force row level security;
create policy schema_owner on identity_password_resets to current_user
  using (true) with check (true);
revoke all on identity_password_resets from platform_app;

-- Requesting a reset (a background job; never inside a signed-in request): the account with this
-- address gets a new link (earlier unused ones die), and the answer says whom to write to and
-- from which workspace (its first active one; the workspace's language when the account has none).
create function identity_password_reset_issue(address text, hash text, new_id uuid,
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
  select * into account from users u where lower(u.email) = lower(address);
  if not found then return; end if;
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

-- Opening a link: whether it can still be used, and for which address (shown on the page).
create function identity_password_reset_peek(hash text)
  returns table (user_id uuid, email text, name text, usable boolean)
  language sql stable security definer
  set search_path = public, pg_temp
as $$
  select u.id, u.email, u.name, (r.used_at is null and r.expires_at > now())
  from identity_password_resets r join users u on u.id = r.user_id
  where r.token_hash = hash
$$;
revoke all on function identity_password_reset_peek(text) from public;
grant execute on function identity_password_reset_peek(text) to platform_app;

-- Using a link: once, before it expires. Sets the new password (hashed by the caller) and ends
-- every other outstanding link of the account. The account's id, or nothing.
create function identity_password_reset_use(hash text, new_password_hash text)
  returns table (user_id uuid, email text, name text)
  language plpgsql volatile security definer
  set search_path = public, pg_temp
as $$
declare
  owner_id uuid;
begin
  update identity_password_resets r set used_at = now()
    where r.token_hash = hash and r.used_at is null and r.expires_at > now()
    returning r.user_id into owner_id;
  if owner_id is null then return; end if;
  update identity_password_resets r set used_at = now()
    where r.user_id = owner_id and r.used_at is null;
  update users u set password_hash = new_password_hash, updated_at = now()
    where u.id = owner_id;
  return query select u.id, u.email, u.name from users u where u.id = owner_id;
end $$;
revoke all on function identity_password_reset_use(text, text) from public;
grant execute on function identity_password_reset_use(text, text) to platform_app;
