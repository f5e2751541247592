-- Known sessions (issue 13). A read request whose token's session this instance has loaded
-- before skips the session query (the join of membership, account, workspace and role
-- permissions); instead the statement that sets the request's scope checks that nothing the
-- session was built from has changed since: the tenant's stamp (renewed by the triggers below in
-- the same transaction as any change to a membership, a role or the workspace), the account's
-- own stamp (renewed with any change to its e-mail, name, language or operator flag) and the
-- token's revocation. A changed stamp raises, so the transaction is aborted before any of the
-- request's own statements runs, and the request is served again with the session read afresh.
-- Nothing is trusted for any length of time: there is no staleness window.
--
-- Stamps are random values, not counters, so a database restored from a backup never matches a
-- session remembered from before unless that session's sources are indeed unchanged.
create table session_stamps (
  -- No foreign key: a tenant's deletion cascades to its memberships, whose triggers write here.
  tenant_id uuid primary key,
  stamp uuid not null
);
-- An account's own stamp (e-mail, name, language, operator flag): one row to renew, whichever
-- workspaces the account belongs to, so a membership added while the account changes is covered.
create table session_user_stamps (
  user_id uuid primary key,
  stamp uuid not null
);
alter table session_stamps enable row level security;
alter table session_stamps force row level security;
alter table session_user_stamps enable row level security;
alter table session_user_stamps force row level security;
-- Only the definer functions below (run as the schema owner) read or write stamps.
create policy schema_owner on session_stamps to current_user using (true) with check (true);
create policy schema_owner on session_user_stamps to current_user using (true) with check (true);
revoke all on session_stamps from platform_app;
revoke all on session_user_stamps from platform_app;
insert into session_stamps (tenant_id, stamp) select id, gen_random_uuid() from tenants;
insert into session_user_stamps (user_id, stamp) select id, gen_random_uuid() from users;

create function session_stamp_renew(tenant uuid) returns void
  language sql security definer
  set search_path = public, pg_temp
as $$
  insert into session_stamps as s (tenant_id, stamp) values (tenant, gen_random_uuid())
  on conflict (tenant_id) do update set stamp = excluded.stamp
$$;
revoke all on function session_stamp_renew(uuid) from public;

-- Memberships and roles: the tenant of the row (both, if a row ever moved).
create function session_stamps_tenant_row() returns trigger
  language plpgsql security definer
  set search_path = public, pg_temp
as $$
begin
  if tg_op <> 'INSERT' then perform session_stamp_renew(old.tenant_id); end if;
  if tg_op <> 'DELETE' and (tg_op = 'INSERT' or new.tenant_id <> old.tenant_id) then
    perform session_stamp_renew(new.tenant_id);
  end if;
  return null;
end
$$;
create trigger session_stamp after insert or update or delete on memberships
  for each row execute function session_stamps_tenant_row();
create trigger session_stamp after insert or update or delete on roles
  for each row execute function session_stamps_tenant_row();

-- The workspace: what a session shows of it (name, address, state, zone, language).
create function session_stamps_tenant() returns trigger
  language plpgsql security definer
  set search_path = public, pg_temp
as $$
begin
  perform session_stamp_renew(new.id);
  return null;
end
$$;
create trigger session_stamp after insert or update on tenants for each row
  execute function session_stamps_tenant();

-- An account (a new one gets its row, so no remembered session ever has no stamp).
create function session_stamps_user() returns trigger
  language plpgsql security definer
  set search_path = public, pg_temp
as $$
begin
  insert into session_user_stamps as s (user_id, stamp) values (new.id, gen_random_uuid())
  on conflict (user_id) do update set stamp = excluded.stamp;
  return null;
end
$$;
create trigger session_stamp after insert on users for each row
  execute function session_stamps_user();
create trigger session_stamp_change after update on users for each row
  when ((old.email, old.name, old.locale, old.is_operator)
        is distinct from (new.email, new.name, new.locale, new.is_operator))
  execute function session_stamps_user();

-- Emptying a table fires no row triggers: every stamp is renewed instead.
create function session_stamps_all() returns trigger
  language plpgsql security definer
  set search_path = public, pg_temp
as $$
begin
  update session_stamps set stamp = gen_random_uuid();
  update session_user_stamps set stamp = gen_random_uuid();
  return null;
end
$$;
create trigger session_stamps_truncate after truncate on memberships
  for each statement execute function session_stamps_all();
create trigger session_stamps_truncate after truncate on roles
  for each statement execute function session_stamps_all();
create trigger session_stamps_truncate after truncate on tenants
  for each statement execute function session_stamps_all();
create trigger session_stamps_truncate after truncate on users
  for each statement execute function session_stamps_all();

-- Read with the session (its answer is remembered with it; null when either row is missing,
-- and a session without a stamp is not remembered)...
create function identity_session_stamp(tenant uuid, account uuid) returns text
  language sql stable security definer
  set search_path = public, pg_temp
as $$
  select t.stamp::text || u.stamp::text
  from session_stamps t, session_user_stamps u
  where t.tenant_id = tenant and u.user_id = account
$$;
revoke all on function identity_session_stamp(uuid, uuid) from public;
grant execute on function identity_session_stamp(uuid, uuid) to platform_app;

-- ...and checked instead of it. Raises (SQLSTATE PLS01) when the remembered session is stale.
create function identity_session_unchanged(
  tenant uuid, account uuid, token_id text, remembered text
)
  returns boolean
  language plpgsql stable security definer
  set search_path = public, pg_temp
as $$
declare
  current text;
begin
  -- The lookup of identity_session_stamp(), written out: a SQL function called from here would
  -- be planned again on every request.
  select t.stamp::text || u.stamp::text into current
  from session_stamps t, session_user_stamps u
  where t.tenant_id = tenant and u.user_id = account;
  if current is distinct from remembered
     or exists (select 1 from revoked_tokens r where r.jti = token_id) then
    raise exception 'the session changed' using errcode = 'PLS01';
  end if;
  return true;
end
$$;
revoke all on function identity_session_unchanged(uuid, uuid, text, text) from public;
grant execute on function identity_session_unchanged(uuid, uuid, text, text) to platform_app;
