-- Documents: full-text search inside files. One row per live folder file (not attachments): the
-- text a background job extracted from the file's current content (keyed by its sha256), folded
-- for search, a 'simple' tsvector over the folded text and a trigram index for partial words.
create table doc_fulltext (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  file_id uuid not null,
  -- The content this row describes; a new version with other bytes makes the row pending again.
  sha256 text not null,
  status text not null default 'pending'
    check (status in ('pending', 'indexed', 'failed', 'unsupported')),
  -- Why there is no text: type, too-large, corrupt, timeout, error (fulltext.rules.ts).
  reason text,
  detail text check (length(detail) <= 500),
  content text not null default '',
  truncated boolean not null default false,
  content_folded text not null default '',
  content_tsv tsvector not null default ''::tsvector,
  -- Extraction runs started for this content (a run that crashed the worker counts; after three
  -- the file is marked failed instead of being tried forever).
  attempts integer not null default 0,
  extracted_at timestamptz,
  updated_at timestamptz not null default now(),
  primary key (tenant_id, file_id),
  foreign key (tenant_id, file_id) references doc_files (tenant_id, id) on delete cascade
);
create index doc_fulltext_tsv on doc_fulltext using gin (content_tsv);
create index doc_fulltext_trgm on doc_fulltext using gin (content_folded gin_trgm_ops);
create index doc_fulltext_pending on doc_fulltext (tenant_id, updated_at) where status = 'pending';

-- Folded once on write (platform_fold, as every search column). The tsvector covers the first
-- 150,000 folded characters: a tsvector is limited to 1 MB, and the trigram index finds words
-- anywhere in the kept text anyway. A text whose words still overflow it keeps a shorter one.
create function doc_fulltext_fold() returns trigger
  language plpgsql
as $$
begin
  new.content_folded := platform_fold(new.content);
  begin
    new.content_tsv := to_tsvector('simple'::regconfig, left(new.content_folded, 150000));
  exception when program_limit_exceeded then
    new.content_tsv := to_tsvector('simple'::regconfig, left(new.content_folded, 20000));
  end;
  return new;
end $$;
create trigger doc_fulltext_fold before insert or update of content on doc_fulltext
  for each row execute function doc_fulltext_fold();

-- Every way a file gets new content (upload, new version, restored version, WebDAV, file drop)
-- leaves a pending row: the job queued with the write, or the sweep, extracts it.
create function doc_fulltext_pending() returns trigger
  language plpgsql
as $$
begin
  insert into doc_fulltext as x (tenant_id, file_id, sha256)
  values (new.tenant_id, new.id, new.sha256)
  on conflict (tenant_id, file_id) do update
    set sha256 = excluded.sha256, status = 'pending', reason = null, detail = null,
        content = '', truncated = false, attempts = 0, extracted_at = null,
        updated_at = now()
    where x.sha256 is distinct from excluded.sha256;
  return null;
end $$;
create trigger doc_fulltext_on_insert after insert on doc_files
  for each row when (new.owner_module is null) execute function doc_fulltext_pending();
create trigger doc_fulltext_on_content after update of sha256 on doc_files
  for each row when (new.owner_module is null and old.sha256 is distinct from new.sha256)
  execute function doc_fulltext_pending();

-- Files that were there before this migration (read only where the migrating role sees every
-- tenant's rows; elsewhere the daily reconcile job adds them).
insert into doc_fulltext (tenant_id, file_id, sha256)
select tenant_id, id, sha256 from doc_files where owner_module is null and deleted_at is null;

select platform_tenant_table('doc_fulltext');

-- The customer portal never reads or writes Documents' index (0050 closes every tenant table).
create policy portal_deny_select on doc_fulltext as restrictive for select to platform_portal
  using (false);
create policy portal_deny_insert on doc_fulltext as restrictive for insert to platform_portal
  with check (false);
create policy portal_deny_update on doc_fulltext as restrictive for update to platform_portal
  using (false);
create policy portal_deny_delete on doc_fulltext as restrictive for delete to platform_portal
  using (false);

-- The sweep below reads tenant ids as the schema owner (like 0034's sweeps).
create policy schema_owner on doc_fulltext for select to current_user using (true);

-- The sweep's tenants: those with a row waiting longer than a minute (the job queued with the
-- write normally took it already). Security definer: the scheduler runs as the worker role.
create function doc_fulltext_tenants() returns setof uuid
  language sql stable security definer
  set search_path = public, pg_temp
as $$
  select distinct x.tenant_id from doc_fulltext x join tenants t on t.id = x.tenant_id
  where x.status = 'pending' and x.updated_at < now() - interval '1 minute'
    and t.status = 'active'
$$;
revoke all on function doc_fulltext_tenants() from public;
grant execute on function doc_fulltext_tenants() to platform_worker;
