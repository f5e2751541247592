-- Review of 0030 (issue 18, defect 6): rows were narrowed, columns were not.
-- 1. Writes: the application role updates only the columns the identity code writes. The
--    operator flag, e-mail, a tenant's slug and status change through definer functions or
--    scripts, never through a request's own statement.
revoke update on users from platform_app;
grant update (name, locale, password_hash, updated_at) on users to platform_app;
revoke update on tenants from platform_app;
grant update (name, locale, time_zone, accent_color, logo) on tenants to platform_app;

-- 2. Password hashes are not readable by the application role at all (a tenant admin who adds an
--    existing account sees its row, name and e-mail, not its hash). Sign-in reads the hash through
--    identity_user_for_login, a password change through identity_own_password_hash.
revoke select on users from platform_app;
grant select (id, email, name, locale, is_operator, created_at, updated_at) on users
  to platform_app;

create function identity_own_password_hash()
  returns text
  language sql stable security definer
  set search_path = public, pg_temp
as $$
  select u.password_hash from users u
  where u.id = nullif(current_setting('app.user_id', true), '')::uuid
$$;
revoke all on function identity_own_password_hash() from public;
grant execute on function identity_own_password_hash() to platform_app;

-- 3. Sign-in looks an account up before any tenant or user is known; inside a signed-in scope
--    the function answers nothing, so no request's code can read another account's hash.
create or replace function identity_user_for_login(address text)
  returns table (id uuid, email text, name text, password_hash text, locale text)
  language sql stable security definer
  set search_path = public, pg_temp
as $$
  select u.id, u.email, u.name, u.password_hash, u.locale from users u
  where lower(u.email) = lower(address)
    and coalesce(current_setting('app.user_id', true), '') = ''
    and coalesce(current_setting('app.tenant_id', true), '') = ''
$$;

-- 4. The definer functions run as the schema owner, and FORCE applies row security to the owner
--    too: without this, identity_external_member saw no membership unless the owner was a
--    superuser (who bypasses RLS).
create policy schema_owner on memberships for select to current_user using (true);

-- 5. The ticket rollup of 0031 follows inserts, updates and deletes; a truncate empties it too.
create function analytics_ticket_days_truncate() returns trigger
  language plpgsql
as $$
begin
  truncate analytics_ticket_days;
  return null;
end
$$;
create trigger analytics_ticket_days_truncate after truncate on support_tickets
  for each statement execute function analytics_ticket_days_truncate();
