-- Documents: upload-only links ("file drop", issue 38 part 5). An outsider uploads into one
-- folder through a link without seeing the folder. Only the token's SHA-256 (hex) is stored; the
-- link is found by that hash before any tenant is known, through one narrow definer function.

create table doc_drops (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  folder_id uuid not null,
  token_hash text not null check (token_hash ~ '^[0-9a-f]{64}$'),
  label text not null default '' check (length(label) <= 200),
  message text not null default '' check (length(message) <= 2000),
  password_hash text,
  max_file_bytes bigint not null check (max_file_bytes > 0),
  max_total_bytes bigint check (max_total_bytes > 0),
  used_bytes bigint not null default 0,
  upload_count integer not null default 0,
  expires_at timestamptz,
  revoked_at timestamptz,
  created_by uuid,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (tenant_id, token_hash),
  foreign key (tenant_id, folder_id) references doc_folders (tenant_id, id) on delete cascade
);
create index doc_drops_folder on doc_drops (tenant_id, folder_id, created_at desc);
create index doc_drops_hash on doc_drops (token_hash);
select platform_tenant_table('doc_drops');
-- The definer function below runs as the schema owner, which FORCE subjects to the policies too.
create policy schema_owner on doc_drops for select to current_user using (true);

-- What each visitor dropped: the page lists a visitor's own uploads (by the hash of a random
-- cookie), never the folder.
create table doc_drop_uploads (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  drop_id uuid not null,
  visitor_hash text not null check (visitor_hash ~ '^[0-9a-f]{64}$'),
  file_id uuid not null,
  name text not null,
  size bigint not null,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, drop_id) references doc_drops (tenant_id, id) on delete cascade,
  foreign key (tenant_id, file_id) references doc_files (tenant_id, id) on delete cascade
);
create index doc_drop_uploads_visitor on doc_drop_uploads (tenant_id, drop_id, visitor_hash);
select platform_tenant_table('doc_drop_uploads');

-- One hash in, at most one (tenant, drop) out, for active workspaces only.
create function doc_drop_by_token(hash text)
  returns table (tenant_id uuid, id uuid)
  language sql stable security definer
  set search_path = public, pg_temp
as $$
  select d.tenant_id, d.id
  from doc_drops d join tenants t on t.id = d.tenant_id
  where d.token_hash = hash and t.status = 'active'
  limit 1
$$;
revoke all on function doc_drop_by_token(text) from public;
grant execute on function doc_drop_by_token(text) to platform_app;

-- The customer portal's principal (migration 0050) never reads or writes drop links.
create policy portal_deny_select on doc_drops as restrictive for select
  to platform_portal using (false);
create policy portal_deny_insert on doc_drops as restrictive for insert
  to platform_portal with check (false);
create policy portal_deny_update on doc_drops as restrictive for update
  to platform_portal using (false);
create policy portal_deny_delete on doc_drops as restrictive for delete
  to platform_portal using (false);
create policy portal_deny_select on doc_drop_uploads as restrictive for select
  to platform_portal using (false);
create policy portal_deny_insert on doc_drop_uploads as restrictive for insert
  to platform_portal with check (false);
create policy portal_deny_update on doc_drop_uploads as restrictive for update
  to platform_portal using (false);
create policy portal_deny_delete on doc_drop_uploads as restrictive for delete
  to platform_portal using (false);
