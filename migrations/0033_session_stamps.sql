-- Known sessions (issue 13). A read request whose token's session this instance has loaded
-- before skips the session query (the join of membership, account, workspace and role
-- permissions); instead the statement that sets the request's scope checks that nothing the
-- session was built from has changed since: the tenant's stamp, renewed by the triggers below in
-- the same transaction as any change to a membership, a role, the workspace or a member's
-- account, and the token's revocation. A changed stamp raises, so the transaction is aborted
-- before any of the request's own statements runs, and the request is served again with the
-- session read afresh. Nothing is trusted for any length of time: there is no staleness window.
--
-- A stamp is a random value, not a counter, so a database restored from a backup never
-- matches a session remembered from before unless that tenant's sessions are indeed unchanged.
create table session_stamps (
  -- No foreign key: a tenant's deletion cascades to its memberships, whose triggers write here.
  tenant_id uuid primary key,
  stamp uuid not null
);
alter table session_stamps enable row level security;
alter table session_stamps force row level security;
-- Only the definer functions below (run as the schema owner) read or write stamps.
create policy schema_owner on session_stamps to current_user using (true) with check (true);
revoke all on session_stamps from platform_app;

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
create trigger session_stamp after update on tenants for each row
  when ((old.slug, old.name, old.status, old.time_zone, old.locale)
        is distinct from (new.slug, new.name, new.status, new.time_zone, new.locale))
  execute function session_stamps_tenant();

-- An account: every workspace it is a member of (in one order, so two changes never deadlock).
create function session_stamps_user() returns trigger
  language plpgsql security definer
  set search_path = public, pg_temp
as $$
begin
  perform session_stamp_renew(m.tenant_id)
    from memberships m where m.user_id = new.id order by m.tenant_id;
  return null;
end
$$;
create trigger session_stamp after update on users for each row
  when ((old.email, old.name, old.locale, old.is_operator)
        is distinct from (new.email, new.name, new.locale, new.is_operator))
  execute function session_stamps_user();

-- Read with the session (its answer is remembered with it)...
create function identity_session_stamp(tenant uuid) returns uuid
  language sql stable security definer
  set search_path = public, pg_temp
as $$
  select s.stamp from session_stamps s where s.tenant_id = tenant
$$;
revoke all on function identity_session_stamp(uuid) from public;
grant execute on function identity_session_stamp(uuid) to platform_app;

-- ...and checked instead of it. Raises (SQLSTATE PLS01) when the remembered session is stale.
create function identity_session_unchanged(tenant uuid, token_id text, remembered uuid)
  returns boolean
  language plpgsql stable security definer
  set search_path = public, pg_temp
as $$
begin
  if (select s.stamp from session_stamps s where s.tenant_id = tenant) is distinct from remembered
     or exists (select 1 from revoked_tokens r where r.jti = token_id) then
    raise exception 'the session changed' using errcode = 'PLS01';
  end if;
  return true;
end
$$;
revoke all on function identity_session_unchanged(uuid, text, uuid) from public;
grant execute on function identity_session_unchanged(uuid, text, uuid) to platform_app;
