-- Projects planning (issue 40): saved views of a project's tasks and a personal calendar feed.

-- A saved view: filters (the task list's query parameters), grouping, sort, visible columns and
-- a layout. Personal views are seen by their owner only; shared ones by the project's members.
create table project_views (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  project_id uuid not null,
  owner_id uuid not null references users (id) on delete cascade,
  name text not null check (length(name) between 1 and 80),
  shared boolean not null default false,
  layout text not null check (layout in ('list', 'board', 'calendar', 'timeline')),
  query jsonb not null default '{}'::jsonb check (jsonb_typeof(query) = 'object'),
  group_by text not null default 'none'
    -- field:<id>: one of the project's select, multi-select or person fields (checked on save).
    check (group_by in ('none', 'status', 'assignee', 'priority', 'label')
      or group_by ~ '^field:[0-9a-f-]{36}$'),
  sort text not null default 'created',
  columns text[] not null default '{}',
  position double precision not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, project_id) references projects (tenant_id, id) on delete cascade
);
create index project_views_project on project_views (tenant_id, project_id, position, id);
select platform_tenant_table('project_views');

-- One calendar feed link per person and workspace. Only the token's SHA-256 (hex) is stored;
-- the feed finds it by that hash before any tenant is known, through one narrow definer function.
create table project_ical_tokens (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  token_hash text not null check (token_hash ~ '^[0-9a-f]{64}$'),
  include_watched boolean not null default true,
  created_at timestamptz not null default now(),
  primary key (tenant_id, user_id),
  unique (tenant_id, token_hash)
);
create index project_ical_tokens_hash on project_ical_tokens (token_hash);
select platform_tenant_table('project_ical_tokens');
-- The definer function below runs as the schema owner, which FORCE subjects to the policies too.
create policy schema_owner on project_ical_tokens for select to current_user using (true);

-- One hash in, at most one (tenant, user) out, for active workspaces only.
create function project_ical_by_token(hash text)
  returns table (tenant_id uuid, user_id uuid, include_watched boolean)
  language sql stable security definer
  set search_path = public, pg_temp
as $$
  select k.tenant_id, k.user_id, k.include_watched
  from project_ical_tokens k join tenants t on t.id = k.tenant_id
  where k.token_hash = hash and t.status = 'active'
  limit 1
$$;
revoke all on function project_ical_by_token(text) from public;
grant execute on function project_ical_by_token(text) to platform_app;

-- The customer portal's principal (migration 0050) never reads or writes these.
create policy portal_deny_select on project_views as restrictive for select
  to platform_portal using (false);
create policy portal_deny_insert on project_views as restrictive for insert
  to platform_portal with check (false);
create policy portal_deny_update on project_views as restrictive for update
  to platform_portal using (false);
create policy portal_deny_delete on project_views as restrictive for delete
  to platform_portal using (false);
create policy portal_deny_select on project_ical_tokens as restrictive for select
  to platform_portal using (false);
create policy portal_deny_insert on project_ical_tokens as restrictive for insert
  to platform_portal with check (false);
create policy portal_deny_update on project_ical_tokens as restrictive for update
  to platform_portal using (false);
create policy portal_deny_delete on project_ical_tokens as restrictive for delete
  to platform_portal using (false);
