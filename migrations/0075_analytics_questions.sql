-- Analytics saved SQL questions (issue 42 part 3): a tenant's SQL with typed {{name}}
-- parameters, run on the tenant's own data or on one of its external sources.
--
-- Tenant SQL runs on the request's connection, inside a savepoint that is always rolled back,
-- as platform_analytics_reader with transaction_read_only on, a statement timeout and
-- search_path = analytics_q. That role:
--  * reads only the views of schema analytics_q (the built-in datasets by their short names and
--    the tenant tables' rows). The views belong to platform_analytics_owner, a member of
--    platform_app, so the tables underneath are read with the application role's rights and
--    under its tenant policies; the reader has no right on any table of public itself;
--  * cannot call set_config (so it can neither change app.tenant_id, which every tenant policy
--    reads, nor the role) nor take or drop session advisory locks: those functions are revoked
--    from PUBLIC below and granted back to every role that exists now except the reader. A role
--    added by a later migration that calls them directly needs its own grant (members of
--    platform_app inherit it).
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'platform_analytics_reader') then
    create role platform_analytics_reader nologin nosuperuser nobypassrls noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'platform_analytics_owner') then
    create role platform_analytics_owner nologin nosuperuser nobypassrls inherit;
  end if;
end $$;
grant platform_app to platform_analytics_owner;
grant platform_analytics_reader to current_user;

create schema if not exists analytics_q;
revoke all on schema analytics_q from public;
grant usage on schema analytics_q to platform_analytics_reader, platform_analytics_owner;

-- One view per built-in dataset (analytics_ds_<name> → analytics_q.<name>) and the tenant
-- tables' rows. The dataset views run with the caller's rights (security_invoker), which here
-- would be the reader's; so each is copied from its definition as an owner's-rights view, and
-- so is member_directory, which they read (the copies read the copy). A dataset view changed
-- later keeps the definition it had here until its copy is made again.
do $$
declare v record; body text;
begin
  perform set_config('search_path', 'public', true);
  execute 'create view analytics_q.member_directory as '
    || pg_get_viewdef('public.member_directory'::regclass);
  for v in select c.oid, c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'v' and c.relname like 'analytics\_ds\_%' loop
    body := regexp_replace(pg_get_viewdef(v.oid), '\mmember_directory\M',
      'analytics_q.member_directory', 'g');
    execute format('create view analytics_q.%I as %s',
      substr(v.relname, length('analytics_ds_') + 1), body);
  end loop;
  for v in select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'analytics_q' and c.relkind = 'v' loop
    execute format('alter view analytics_q.%I owner to platform_analytics_owner', v.relname);
  end loop;
end $$;
create view analytics_q.table_rows as
  select id, table_id, data, created_at, updated_at from public.analytics_table_rows;
alter view analytics_q.table_rows owner to platform_analytics_owner;
grant select on all tables in schema analytics_q to platform_analytics_reader;

do $$
declare f text; r text;
begin
  foreach f in array array['set_config(text, text, boolean)', 'pg_advisory_lock(bigint)',
    'pg_advisory_lock(integer, integer)', 'pg_advisory_lock_shared(bigint)',
    'pg_advisory_lock_shared(integer, integer)', 'pg_try_advisory_lock(bigint)',
    'pg_try_advisory_lock(integer, integer)', 'pg_try_advisory_lock_shared(bigint)',
    'pg_try_advisory_lock_shared(integer, integer)', 'pg_advisory_unlock(bigint)',
    'pg_advisory_unlock(integer, integer)', 'pg_advisory_unlock_shared(bigint)',
    'pg_advisory_unlock_shared(integer, integer)', 'pg_advisory_unlock_all()'] loop
    execute format('revoke execute on function pg_catalog.%s from public', f);
    for r in select rolname from pg_roles where rolname !~ '^pg_'
      and rolname <> 'platform_analytics_reader' loop
      execute format('grant execute on function pg_catalog.%s to %I', f, r);
    end loop;
  end loop;
exception when insufficient_privilege then
  -- Only the functions' owner (a superuser) may do this. Without it the app refuses questions
  -- on the tenant's own data (questions.run.repo.ts) instead of running them unwalled.
  raise warning 'set_config stays open to PUBLIC: questions on tenant data are switched off';
end $$;

create table analytics_questions (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  name text not null check (length(name) between 1 and 200),
  description text not null default '' check (length(description) <= 2000),
  sql text not null check (length(sql) between 1 and 20000),
  -- null: the tenant's own data; otherwise one of its external sources.
  source_id uuid,
  -- [{ name, type, label, required, default, choices }]
  params jsonb not null default '[]',
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (tenant_id, name),
  foreign key (tenant_id, source_id) references analytics_sources (tenant_id, id)
    on delete cascade
);
select platform_tenant_table('analytics_questions');

-- The customer portal's principal (migration 0050) never reads or writes these.
create policy portal_deny_select on analytics_questions as restrictive for select
  to platform_portal using (false);
create policy portal_deny_insert on analytics_questions as restrictive for insert
  to platform_portal with check (false);
create policy portal_deny_update on analytics_questions as restrictive for update
  to platform_portal using (false);
create policy portal_deny_delete on analytics_questions as restrictive for delete
  to platform_portal using (false);
