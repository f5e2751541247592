-- Documents: folders, files and their versions, folder permissions, shares, settings.
-- File bytes live in the storage backend; rows appear only after the bytes are stored.

create extension if not exists pg_trgm;

-- Per-tenant limits; a missing row means the defaults of the module's configuration.
create table doc_settings (
  tenant_id uuid not null references tenants (id) on delete cascade,
  quota_bytes bigint check (quota_bytes >= 0),
  max_file_bytes bigint check (max_file_bytes > 0),
  version_limit integer check (version_limit between 1 and 1000),
  retention_days integer check (retention_days between 1 and 3650),
  notify_on_access boolean not null default false,
  updated_at timestamptz not null default now(),
  primary key (tenant_id)
);

create table doc_folders (
  tenant_id uuid not null references tenants (id) on delete cascade,
  id uuid not null,
  parent_id uuid,
  name text not null check (length(name) between 1 and 255),
  name_search text not null,
  -- false: this folder ignores the permissions of the folders above it.
  inherit boolean not null default true,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  deleted_by uuid,
  -- The trash item this folder went away with (itself, or the folder deleted above it).
  trash_root uuid,
  primary key (tenant_id, id),
  foreign key (tenant_id, parent_id) references doc_folders (tenant_id, id) on delete cascade
);
create unique index doc_folders_name on doc_folders
  (tenant_id, coalesce(parent_id, '00000000-0000-0000-0000-000000000000'), lower(name))
  where deleted_at is null;
create index doc_folders_parent on doc_folders (tenant_id, parent_id);
create index doc_folders_search on doc_folders using gin (name_search gin_trgm_ops);

create table doc_files (
  tenant_id uuid not null references tenants (id) on delete cascade,
  id uuid not null,
  folder_id uuid,
  name text not null check (length(name) between 1 and 255),
  -- The name folded for search (lower case, no accents, Turkish dotted/dotless i as i).
  name_search text not null,
  content_type text not null,
  size bigint not null check (size >= 0),
  sha256 text not null,
  storage_key text not null,
  version integer not null default 1,
  -- Attachments of another module's record (e.g. projects/task/<id>): not in the folder tree.
  owner_module text,
  owner_type text,
  owner_id text,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  deleted_by uuid,
  trash_root uuid,
  primary key (tenant_id, id),
  unique (tenant_id, storage_key),
  foreign key (tenant_id, folder_id) references doc_folders (tenant_id, id) on delete cascade
);
create unique index doc_files_name on doc_files
  (tenant_id, coalesce(folder_id, '00000000-0000-0000-0000-000000000000'), lower(name))
  where deleted_at is null and owner_module is null;
create index doc_files_folder on doc_files (tenant_id, folder_id, name) where deleted_at is null;
create index doc_files_owner on doc_files (tenant_id, owner_module, owner_type, owner_id)
  where owner_module is not null;
create index doc_files_trash on doc_files (tenant_id, deleted_at) where deleted_at is not null;
create index doc_files_search on doc_files using gin (name_search gin_trgm_ops);
create index doc_files_recent on doc_files (tenant_id, created_at desc, id desc);

-- Earlier versions of a file (the current one is the doc_files row).
create table doc_versions (
  tenant_id uuid not null references tenants (id) on delete cascade,
  id uuid not null,
  file_id uuid not null,
  version integer not null,
  content_type text not null,
  size bigint not null,
  sha256 text not null,
  storage_key text not null,
  created_by uuid,
  created_at timestamptz not null,
  primary key (tenant_id, id),
  unique (tenant_id, file_id, version),
  unique (tenant_id, storage_key),
  foreign key (tenant_id, file_id) references doc_files (tenant_id, id) on delete cascade
);

create table doc_permissions (
  tenant_id uuid not null references tenants (id) on delete cascade,
  folder_id uuid not null,
  principal_type text not null check (principal_type in ('user', 'role')),
  principal_id text not null check (length(principal_id) between 1 and 100),
  level text not null check (level in ('view', 'edit', 'manage')),
  primary key (tenant_id, folder_id, principal_type, principal_id),
  foreign key (tenant_id, folder_id) references doc_folders (tenant_id, id) on delete cascade
);

create table doc_shares (
  tenant_id uuid not null references tenants (id) on delete cascade,
  id uuid not null,
  target_type text not null check (target_type in ('file', 'folder')),
  target_id uuid not null,
  kind text not null check (kind in ('user', 'group', 'public')),
  principal_id text,
  level text not null default 'view' check (level in ('view', 'edit')),
  token_hash text,
  password_hash text,
  expires_at timestamptz,
  revoked_at timestamptz,
  created_by uuid,
  created_at timestamptz not null default now(),
  access_count integer not null default 0,
  last_accessed_at timestamptz,
  primary key (tenant_id, id),
  check ((kind = 'public') = (token_hash is not null)),
  check ((kind = 'public') = (principal_id is null))
);
create index doc_shares_target on doc_shares (tenant_id, target_type, target_id);
create index doc_shares_principal on doc_shares (tenant_id, kind, principal_id);

-- Public links are found by the hash of their token before any tenant is known: this table
-- is readable without a tenant, and holds nothing but hashes of 256-bit random tokens.
create table doc_share_lookup (
  token_hash text not null,
  tenant_id uuid not null references tenants (id) on delete cascade,
  share_id uuid not null,
  primary key (token_hash, tenant_id)
);

do $$
declare t text;
begin
  foreach t in array array['doc_settings', 'doc_folders', 'doc_files', 'doc_versions',
    'doc_permissions', 'doc_shares', 'doc_share_lookup'] loop
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    execute format($p$create policy tenant_isolation on %I
      using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
      with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)$p$, t);
  end loop;
end $$;
create policy lookup_by_hash on doc_share_lookup for select using (true);

