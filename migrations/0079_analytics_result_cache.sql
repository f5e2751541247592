-- Analytics result cache (issue 42 part 7): a widget's computed data, shared by every instance,
-- for as long as its sheet's TTL allows and until a change to one of its sources.
--
-- UNLOGGED: a cache is worth nothing after a crash (PostgreSQL empties unlogged tables on crash
-- recovery, entries and marks together) and its writes should not fill the WAL. Forced RLS like
-- every tenant table: an entry is only ever read back in its own tenant's scope.

-- The TTL a sheet's editors chose (no row: the cache is off for that sheet).
create table analytics_sheet_cache (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  sheet_id uuid not null,
  ttl_seconds integer not null check (ttl_seconds in (0, 60, 300, 3600, 86400)),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, sheet_id),
  foreign key (tenant_id, sheet_id) references analytics_sheets (tenant_id, id) on delete cascade
);
select platform_tenant_table('analytics_sheet_cache');

-- One computed result. `key` is a SHA-256 of what decides the result (the widget's query and
-- mapping, the filter values, the locale and, for fields that read other people's names, the
-- user); `sources` names what invalidates it ('dataset:tickets', 'table:<id>', '*');
-- `generation` is the sum of those sources' versions read before the result was computed.
create unlogged table analytics_result_cache (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  key text not null,
  sources text[] not null,
  data json not null,
  bytes integer not null,
  generation bigint not null,
  stored_at timestamptz not null default now(),
  expires_at timestamptz not null,
  primary key (tenant_id, key)
);
create index analytics_result_cache_expiry on analytics_result_cache (expires_at);
select platform_tenant_table('analytics_result_cache');

-- A version per source, raised by each change (a domain event's delivery, a tenant-table write,
-- in that change's transaction). An entry is current only while the sum of its sources'
-- versions is the one it was computed under: a version raised by a transaction that had not
-- committed when the result was computed makes it stale, whatever the clocks say.
create unlogged table analytics_cache_marks (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  source text not null,
  version bigint not null default 1,
  changed_at timestamptz not null default now(),
  primary key (tenant_id, source)
);
select platform_tenant_table('analytics_cache_marks');

-- The sweep's schedule: workspaces with an expired entry (ids only; runs as the worker role).
create function analytics_cache_expired_tenants(now_ timestamptz) returns setof uuid
  language sql stable security definer
  set search_path = public, pg_temp
as $$
  select distinct c.tenant_id from analytics_result_cache c where c.expires_at <= now_
$$;
revoke all on function analytics_cache_expired_tenants(timestamptz) from public;
grant execute on function analytics_cache_expired_tenants(timestamptz) to platform_worker;

-- The customer portal's principal (migration 0050) never reads or writes these.
create policy portal_deny_select on analytics_sheet_cache as restrictive for select
  to platform_portal using (false);
create policy portal_deny_insert on analytics_sheet_cache as restrictive for insert
  to platform_portal with check (false);
create policy portal_deny_update on analytics_sheet_cache as restrictive for update
  to platform_portal using (false);
create policy portal_deny_delete on analytics_sheet_cache as restrictive for delete
  to platform_portal using (false);
create policy portal_deny_select on analytics_result_cache as restrictive for select
  to platform_portal using (false);
create policy portal_deny_insert on analytics_result_cache as restrictive for insert
  to platform_portal with check (false);
create policy portal_deny_update on analytics_result_cache as restrictive for update
  to platform_portal using (false);
create policy portal_deny_delete on analytics_result_cache as restrictive for delete
  to platform_portal using (false);
create policy portal_deny_select on analytics_cache_marks as restrictive for select
  to platform_portal using (false);
create policy portal_deny_insert on analytics_cache_marks as restrictive for insert
  to platform_portal with check (false);
create policy portal_deny_update on analytics_cache_marks as restrictive for update
  to platform_portal using (false);
create policy portal_deny_delete on analytics_cache_marks as restrictive for delete
  to platform_portal using (false);
