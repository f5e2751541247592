-- Documents: resumable uploads (tus 1.0.0, issue 38 part 6). One row per upload in progress: who
-- started it, where it goes, how many bytes arrived and the storage objects holding them (one
-- per PATCH, in order). On the last byte the parts become one file and the row is marked
-- finished; a sweep job deletes expired rows and their parts.

create table doc_uploads (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  -- Random (v4): the upload's address is only ever given to its creator.
  id uuid not null default gen_random_uuid(),
  created_by uuid not null,
  folder_id uuid,
  name text not null check (length(name) between 1 and 255),
  content_type text not null default 'application/octet-stream',
  length bigint not null check (length >= 0),
  received bigint not null default 0 check (received >= 0 and received <= length),
  part_keys text[] not null default '{}',
  -- Set while the parts are being joined into the file (a stale claim may be taken over).
  finishing_at timestamptz,
  finished_at timestamptz,
  file_id uuid,
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, folder_id) references doc_folders (tenant_id, id) on delete cascade
);
create index doc_uploads_expiry on doc_uploads (tenant_id, expires_at);
create index doc_uploads_parts on doc_uploads using gin (part_keys);
select platform_tenant_table('doc_uploads');

-- The customer portal's principal (migration 0050) never reads or writes uploads.
create policy portal_deny_select on doc_uploads as restrictive for select
  to platform_portal using (false);
create policy portal_deny_insert on doc_uploads as restrictive for insert
  to platform_portal with check (false);
create policy portal_deny_update on doc_uploads as restrictive for update
  to platform_portal using (false);
create policy portal_deny_delete on doc_uploads as restrictive for delete
  to platform_portal using (false);
