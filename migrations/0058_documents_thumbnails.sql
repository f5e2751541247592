-- Documents: thumbnails and previews. One row per live folder file (not attachments): the WebP
-- images a background job made from the file's current content (keyed by its sha256), a small
-- one for the grid and a large one for the detail view, stored in the storage backend.
create table doc_thumbnails (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  file_id uuid not null,
  -- The content the images show; other bytes make the row pending again.
  sha256 text not null,
  version integer not null default 1,
  status text not null default 'pending'
    check (status in ('pending', 'ready', 'failed', 'unsupported')),
  -- Why there are no images: type, too-large, corrupt, timeout, error (thumbnails.rules.ts).
  reason text,
  detail text check (length(detail) <= 300),
  -- The source's pixel size (a PDF page's in points) and each image's key and size.
  source_width integer,
  source_height integer,
  small_key text,
  small_width integer,
  small_height integer,
  large_key text,
  large_height integer,
  large_width integer,
  -- Images of earlier content, deleted from storage by the job that replaces them (kept here
  -- until then so that the orphan cleanup knows them).
  stale_keys text[] not null default '{}',
  attempts integer not null default 0,
  made_at timestamptz,
  updated_at timestamptz not null default now(),
  primary key (tenant_id, file_id),
  foreign key (tenant_id, file_id) references doc_files (tenant_id, id) on delete cascade
);
create index doc_thumbnails_pending on doc_thumbnails (tenant_id, updated_at)
  where status = 'pending';
create index doc_thumbnails_small_key on doc_thumbnails (small_key) where small_key is not null;
create index doc_thumbnails_large_key on doc_thumbnails (large_key) where large_key is not null;

-- Every way a file gets new content (upload, new version, restored version, WebDAV, file drop)
-- leaves a pending row: the job queued with the write, or the sweep, makes the images.
create function doc_thumbnails_pending() returns trigger
  language plpgsql
as $$
begin
  insert into doc_thumbnails as x (tenant_id, file_id, sha256, version)
  values (new.tenant_id, new.id, new.sha256, new.version)
  on conflict (tenant_id, file_id) do update
    set stale_keys = x.stale_keys || array_remove(array[x.small_key, x.large_key], null),
        sha256 = excluded.sha256, version = excluded.version, status = 'pending',
        reason = null, detail = null, source_width = null, source_height = null,
        small_key = null, small_width = null, small_height = null,
        large_key = null, large_width = null, large_height = null,
        attempts = 0, made_at = null, updated_at = now()
    where x.sha256 is distinct from excluded.sha256;
  return null;
end $$;
create trigger doc_thumbnails_on_insert after insert on doc_files
  for each row when (new.owner_module is null) execute function doc_thumbnails_pending();
create trigger doc_thumbnails_on_content after update of sha256 on doc_files
  for each row when (new.owner_module is null and old.sha256 is distinct from new.sha256)
  execute function doc_thumbnails_pending();

-- Files that were there before this migration (read only where the migrating role sees every
-- tenant's rows; elsewhere the daily reconcile job adds them).
insert into doc_thumbnails (tenant_id, file_id, sha256, version)
select tenant_id, id, sha256, version from doc_files
where owner_module is null and deleted_at is null;

select platform_tenant_table('doc_thumbnails');

-- The customer portal never reads or writes Documents' thumbnails (0050 closes every table).
create policy portal_deny_select on doc_thumbnails as restrictive for select to platform_portal
  using (false);
create policy portal_deny_insert on doc_thumbnails as restrictive for insert to platform_portal
  with check (false);
create policy portal_deny_update on doc_thumbnails as restrictive for update to platform_portal
  using (false);
create policy portal_deny_delete on doc_thumbnails as restrictive for delete to platform_portal
  using (false);

-- The sweep below reads tenant ids as the schema owner (like 0055's).
create policy schema_owner on doc_thumbnails for select to current_user using (true);

-- The sweep's tenants: those with a row waiting longer than a minute.
create function doc_thumbnails_tenants() returns setof uuid
  language sql stable security definer
  set search_path = public, pg_temp
as $$
  select distinct x.tenant_id from doc_thumbnails x join tenants t on t.id = x.tenant_id
  where x.status = 'pending' and x.updated_at < now() - interval '1 minute'
    and t.status = 'active'
$$;
revoke all on function doc_thumbnails_tenants() from public;
grant execute on function doc_thumbnails_tenants() to platform_worker;
