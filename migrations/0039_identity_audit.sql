-- Identity audit trail (issue 35, part 7). Sign-ins, password changes, member and role changes,
-- tenant settings, … are lines of the shared activity log (module 'identity'), each with the
-- client's address. A failed sign-in happens before any tenant is set, and the operators read
-- every tenant's lines: both go through the narrow security-definer functions below.

-- The client's address of a line (identity lines; null for other modules' lines).
alter table activity add column address text check (length(address) <= 100);
create index activity_identity on activity (tenant_id, occurred_at desc, id desc)
  where module = 'identity';

-- The schema owner runs the definer functions below, and FORCE applies row security to it too.
create policy schema_owner on activity for select to current_user using (true);
create policy schema_owner_insert on activity for insert to current_user with check (true);

-- A failed sign-in of an existing account, recorded before any tenant or user is set: into the
-- workspace the person tried when they belong to it, else their default workspace (the one
-- named default_slug when they belong to it, else their oldest active membership). Answers the
-- tenant it wrote to, or null when the account has no workspace at all. As the account lookup
-- (identity_user_for_login), it works only outside a signed-in scope.
create function identity_audit_sign_in_failure(
  account_email text, wanted_tenant text, default_slug text, line_id uuid, line_summary text,
  line_after jsonb, client text, request text)
  returns uuid
  language plpgsql volatile security definer
  set search_path = public, pg_temp
as $$
declare
  account uuid;
  target uuid;
begin
  if coalesce(current_setting('app.user_id', true), '') <> ''
     or coalesce(current_setting('app.tenant_id', true), '') <> '' then
    raise exception 'only before sign-in' using errcode = 'insufficient_privilege';
  end if;
  select u.id into account from users u where lower(u.email) = lower(account_email);
  if account is null then
    return null;
  end if;
  select m.tenant_id into target
  from memberships m join tenants t on t.id = m.tenant_id
  where m.user_id = account and wanted_tenant is not null
    and (t.slug = wanted_tenant or t.id::text = lower(wanted_tenant));
  if target is null then
    select m.tenant_id into target
    from memberships m join tenants t on t.id = m.tenant_id
    where m.user_id = account
    order by (m.status = 'active' and t.status = 'active') desc,
      (t.slug = default_slug) desc, m.tenant_id
    limit 1;
  end if;
  if target is null then
    return null;
  end if;
  insert into activity (tenant_id, id, actor_id, module, entity_type, entity_id, action,
    summary, changes, before, after, request_id, address)
  values (target, line_id, account, 'identity', 'user', account::text, 'sign_in_failed',
    left(line_summary, 500), '{}', null, line_after, request, left(client, 100));
  return target;
end $$;

-- The operators' view: identity lines of every workspace, newest first, keyset-paged on
-- (occurred_at, id), with the workspace and the person's name and e-mail. Operators only.
create function identity_operator_audit(
  wanted_tenant uuid, wanted_email text, wanted_action text, from_at timestamptz,
  to_at timestamptz, after_at timestamptz, after_id uuid, max_rows integer)
  returns table (tenant_id uuid, tenant_slug text, tenant_name text, id uuid,
    occurred_at timestamptz, actor_id uuid, actor_name text, actor_email text,
    entity_type text, entity_id text, action text, summary text, changes jsonb, before jsonb,
    after jsonb, address text, sort_at text)
  language plpgsql stable security definer
  set search_path = public, pg_temp
as $$
#variable_conflict use_column
begin
  perform identity_require_operator();
  return query
    select a.tenant_id, t.slug, t.name, a.id, a.occurred_at, a.actor_id,
      coalesce(m.display_name, u.name), u.email, a.entity_type, a.entity_id, a.action,
      a.summary, a.changes, a.before, a.after, a.address,
      to_char(a.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
    from activity a
    join tenants t on t.id = a.tenant_id
    left join users u on u.id = a.actor_id
    left join memberships m on m.tenant_id = a.tenant_id and m.user_id = a.actor_id
    where a.module = 'identity'
      and (wanted_tenant is null or a.tenant_id = wanted_tenant)
      and (wanted_email is null or lower(u.email) = lower(wanted_email))
      and (wanted_action is null or a.action = wanted_action)
      and (from_at is null or a.occurred_at >= from_at)
      and (to_at is null or a.occurred_at < to_at)
      and (after_at is null or (a.occurred_at, a.id) < (after_at, after_id))
    order by a.occurred_at desc, a.id desc
    limit max_rows;
end $$;

revoke all on function identity_audit_sign_in_failure(text, text, text, uuid, text, jsonb, text, text)
  from public;
grant execute on function
  identity_audit_sign_in_failure(text, text, text, uuid, text, jsonb, text, text) to platform_app;
revoke all on function
  identity_operator_audit(uuid, text, text, timestamptz, timestamptz, timestamptz, uuid, integer)
  from public;
grant execute on function
  identity_operator_audit(uuid, text, text, timestamptz, timestamptz, timestamptz, uuid, integer)
  to platform_app;
