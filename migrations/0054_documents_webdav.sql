-- Documents over WebDAV (issue 38, part 1 and the locks of part 4).
--
-- Dead properties (PROPPATCH) of a file or folder: kept by (object_type, object_id) so they
-- follow the object through renames and moves; the value is the property element's content as
-- well-formed XML with its namespace declarations.
create table doc_dav_props (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  object_type text not null check (object_type in ('file', 'folder')),
  object_id uuid not null,
  ns text not null,
  name text not null,
  value text not null,
  primary key (tenant_id, object_type, object_id, ns, name)
);
select platform_tenant_table('doc_dav_props');

-- Locks (RFC 4918 class 2). A lock names the path it was taken on (lower-cased, under the
-- workspace root) and, when the path maps to a file, that file, so the API and pages honour it.
-- Expired rows are ignored and removed on the next lock operation of the tenant.
create table doc_dav_locks (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  token text not null,
  path text not null,
  file_id uuid,
  exclusive boolean not null,
  infinite boolean not null,
  owner_xml text,
  user_id uuid references users (id) on delete cascade,
  timeout_seconds integer not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  primary key (tenant_id, token),
  foreign key (tenant_id, file_id) references doc_files (tenant_id, id) on delete cascade
);
select platform_tenant_table('doc_dav_locks');
create index doc_dav_locks_path on doc_dav_locks (tenant_id, path);
create index doc_dav_locks_file on doc_dav_locks (tenant_id, file_id) where file_id is not null;

-- The customer portal never reads or writes WebDAV's properties or locks (0050 closes every
-- tenant table to platform_portal; tables of later migrations close themselves).
do $$
declare t text;
begin
  foreach t in array array['doc_dav_props', 'doc_dav_locks'] loop
    execute format('create policy portal_deny_select on %I as restrictive for select
      to platform_portal using (false)', t);
    execute format('create policy portal_deny_insert on %I as restrictive for insert
      to platform_portal with check (false)', t);
    execute format('create policy portal_deny_update on %I as restrictive for update
      to platform_portal using (false)', t);
    execute format('create policy portal_deny_delete on %I as restrictive for delete
      to platform_portal using (false)', t);
  end loop;
end $$;
