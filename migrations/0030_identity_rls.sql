-- Accounts and workspaces under row-level security (issue 18, defect 6). Until now `users` and
-- `tenants` were platform tables the application role read and wrote whole, so a query that
-- forgot its `where` saw every tenant's people and workspaces. Now, as the application role:
--   tenants: the current tenant, and the workspaces the current user has a membership in
--            (tenant switcher, invitations); only the current tenant's row can be written.
--   users:   the current user, and the members of the current tenant; only one's own account
--            can be written, and accounts are created through identity_create_user only.
-- What legitimately looks beyond that (sign-in by e-mail, first start, a new tenant's slug,
-- external tokens, the operators' tenant list) goes through the narrow security-definer
-- functions below, like the share-link lookup of migration 0023.
--
-- Left as they are: memberships (tenant policy since 0001, plus one's own memberships for
-- reading); login_throttle and revoked_tokens (keys derived from an address or a token id,
-- no tenant data, needed before any tenant is known); platform_secrets (no access at all).

alter table tenants enable row level security;
alter table tenants force row level security;
alter table users enable row level security;
alter table users force row level security;

-- The settings are read through scalar subqueries (InitPlans, as in 0029): once per statement.
create policy visible_tenants on tenants for select to platform_app
  using (
    id = (select nullif(current_setting('app.tenant_id', true), '')::uuid)
    or exists (
      select 1 from memberships m
      where m.tenant_id = tenants.id
        and m.user_id = (select nullif(current_setting('app.user_id', true), '')::uuid)));
-- A new tenant is inserted as the current one (tenant creation sets app.tenant_id first).
create policy current_tenant_insert on tenants for insert to platform_app
  with check (id = (select nullif(current_setting('app.tenant_id', true), '')::uuid));
create policy current_tenant_update on tenants for update to platform_app
  using (id = (select nullif(current_setting('app.tenant_id', true), '')::uuid))
  with check (id = (select nullif(current_setting('app.tenant_id', true), '')::uuid));

create policy visible_users on users for select to platform_app
  using (
    id = (select nullif(current_setting('app.user_id', true), '')::uuid)
    or exists (
      select 1 from memberships m
      where m.user_id = users.id
        and m.tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid)));
-- Tenant admins never edit the global account (they set the member's name on the membership).
create policy own_account_update on users for update to platform_app
  using (id = (select nullif(current_setting('app.user_id', true), '')::uuid))
  with check (id = (select nullif(current_setting('app.user_id', true), '')::uuid));

-- The schema owner (this migration's role, which also runs the definer functions, backups and
-- restores) keeps seeing every row: FORCE applies row security to the owner too.
create policy schema_owner on tenants to current_user using (true) with check (true);
create policy schema_owner on users to current_user using (true) with check (true);

-- The job dispatcher fans per-tenant schedules out to every active tenant: it reads ids and
-- states of all tenants, nothing else of them.
create policy dispatcher on tenants for select to platform_worker using (true);
revoke select on tenants from platform_worker;
grant select (id, status) on tenants to platform_worker;

-- Sign-in: the one account with this e-mail, with what signing in needs (no operator flag).
create function identity_user_for_login(address text)
  returns table (id uuid, email text, name text, password_hash text, locale text)
  language sql stable security definer
  set search_path = public, pg_temp
as $$
  select u.id, u.email, u.name, u.password_hash, u.locale from users u
  where lower(u.email) = lower(address)
$$;

-- Adding a member or creating a tenant: whether an account with this e-mail exists (its id).
create function identity_user_id_by_email(address text)
  returns uuid
  language sql stable security definer
  set search_path = public, pg_temp
as $$
  select u.id from users u where lower(u.email) = lower(address)
$$;

-- Creating an account: it becomes visible once it has a membership. An operator account is
-- created only outside any request (no app.user_id: first start, scripts), never by one.
create function identity_create_user(
  new_id uuid, address text, full_name text, hash text, operator boolean)
  returns void
  language plpgsql volatile security definer
  set search_path = public, pg_temp
as $$
begin
  if operator and nullif(current_setting('app.user_id', true), '') is not null then
    raise exception 'operator accounts are not created inside a request'
      using errcode = 'insufficient_privilege';
  end if;
  insert into users (id, email, name, password_hash, is_operator)
  values (new_id, address, full_name, hash, operator);
end $$;

-- First start: whether any tenant exists yet.
create function identity_tenants_exist()
  returns boolean
  language sql stable security definer
  set search_path = public, pg_temp
as $$
  select exists (select 1 from tenants)
$$;

-- Tenant creation: whether the slug is taken (by any tenant, visible or not).
create function identity_tenant_slug_taken(wanted text)
  returns boolean
  language sql stable security definer
  set search_path = public, pg_temp
as $$
  select exists (select 1 from tenants t where t.slug = wanted)
$$;

-- External tokens name a tenant (slug or id) and an e-mail: the membership they point to.
create function identity_external_member(tenant text, address text)
  returns table (tenant_id uuid, user_id uuid)
  language sql stable security definer
  set search_path = public, pg_temp
as $$
  select m.tenant_id, m.user_id
  from tenants t
  join memberships m on m.tenant_id = t.id
  join users u on u.id = m.user_id
  where (t.slug = tenant
         or t.id = case when tenant ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                        then tenant::uuid end)
    and lower(u.email) = lower(address)
$$;

-- Platform operators work across tenants; the caller (app.user_id) must be one.
create function identity_require_operator()
  returns void
  language plpgsql stable security definer
  set search_path = public, pg_temp
as $$
begin
  if not exists (
    select 1 from users u
    where u.id = nullif(current_setting('app.user_id', true), '')::uuid and u.is_operator
  ) then
    raise exception 'platform operators only' using errcode = 'insufficient_privilege';
  end if;
end $$;

create function identity_operator_tenants(
  name_like text, wanted_status text, after_id uuid, max_rows integer)
  returns table (id uuid, slug text, name text, status text, created_at timestamptz,
                 suspended_at timestamptz)
  language plpgsql stable security definer
  set search_path = public, pg_temp
as $$
begin
  perform identity_require_operator();
  return query
    select t.id, t.slug, t.name, t.status, t.created_at, t.suspended_at from tenants t
    where (name_like is null or t.name ilike name_like or t.slug ilike name_like)
      and (wanted_status is null or t.status = wanted_status)
      and (after_id is null or t.id < after_id)
    order by t.id desc
    limit max_rows;
end $$;

create function identity_operator_tenant(wanted uuid)
  returns table (id uuid, slug text, name text, status text, created_at timestamptz,
                 suspended_at timestamptz)
  language plpgsql stable security definer
  set search_path = public, pg_temp
as $$
begin
  perform identity_require_operator();
  return query
    select t.id, t.slug, t.name, t.status, t.created_at, t.suspended_at from tenants t
    where t.id = wanted;
end $$;

-- Suspend or reactivate: the row comes back only when the status changed.
create function identity_operator_set_tenant_status(wanted uuid, new_status text)
  returns table (id uuid, slug text, name text, status text, created_at timestamptz,
                 suspended_at timestamptz)
  language plpgsql volatile security definer
  set search_path = public, pg_temp
as $$
begin
  perform identity_require_operator();
  return query
    update tenants t
    set status = new_status,
        suspended_at = case when new_status = 'suspended' then now() end
    where t.id = wanted and t.status <> new_status
    returning t.id, t.slug, t.name, t.status, t.created_at, t.suspended_at;
end $$;

do $$
declare f text;
begin
  foreach f in array array[
    'identity_user_for_login(text)', 'identity_user_id_by_email(text)',
    'identity_create_user(uuid, text, text, text, boolean)', 'identity_tenants_exist()',
    'identity_tenant_slug_taken(text)', 'identity_external_member(text, text)',
    'identity_require_operator()', 'identity_operator_tenants(text, text, uuid, integer)',
    'identity_operator_tenant(uuid)', 'identity_operator_set_tenant_status(uuid, text)'] loop
    execute format('revoke all on function %s from public', f);
    if f <> 'identity_require_operator()' then
      execute format('grant execute on function %s to platform_app', f);
    end if;
  end loop;
end $$;
