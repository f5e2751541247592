-- Documents: tags, favourites and comments on files and folders (issue 38, part 4).
--
-- Each row names its object as (object_type, object_id); generated file_id / folder_id columns
-- carry the foreign keys, so a file or folder deleted for good takes its tags, favourites and
-- comments with it.

-- The tenant's tag vocabulary: one name per tenant (compared folded), a colour from the kit's
-- badge tones.
create table doc_tags (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  name text not null check (length(name) between 1 and 60),
  name_key text not null,
  colour text not null default 'gray'
    check (colour in ('gray', 'blue', 'green', 'amber', 'red', 'purple', 'teal')),
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (tenant_id, name_key)
);
select platform_tenant_table('doc_tags');

create table doc_object_tags (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  tag_id uuid not null,
  object_type text not null check (object_type in ('file', 'folder')),
  object_id uuid not null,
  file_id uuid generated always as (case when object_type = 'file' then object_id end) stored,
  folder_id uuid generated always as (case when object_type = 'folder' then object_id end) stored,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (tenant_id, tag_id, object_type, object_id),
  foreign key (tenant_id, tag_id) references doc_tags (tenant_id, id) on delete cascade,
  foreign key (tenant_id, file_id) references doc_files (tenant_id, id) on delete cascade,
  foreign key (tenant_id, folder_id) references doc_folders (tenant_id, id) on delete cascade
);
-- An object's tags (the list and detail pages).
create index doc_object_tags_object on doc_object_tags (tenant_id, object_type, object_id);
select platform_tenant_table('doc_object_tags');

-- Favourites are personal: one row per (user, object).
create table doc_favourites (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  object_type text not null check (object_type in ('file', 'folder')),
  object_id uuid not null,
  file_id uuid generated always as (case when object_type = 'file' then object_id end) stored,
  folder_id uuid generated always as (case when object_type = 'folder' then object_id end) stored,
  created_at timestamptz not null default now(),
  primary key (tenant_id, user_id, object_type, object_id),
  foreign key (tenant_id, file_id) references doc_files (tenant_id, id) on delete cascade,
  foreign key (tenant_id, folder_id) references doc_folders (tenant_id, id) on delete cascade
);
select platform_tenant_table('doc_favourites');

create table doc_comments (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  object_type text not null check (object_type in ('file', 'folder')),
  object_id uuid not null,
  file_id uuid generated always as (case when object_type = 'file' then object_id end) stored,
  folder_id uuid generated always as (case when object_type = 'folder' then object_id end) stored,
  author_id uuid references users (id) on delete set null,
  body text not null check (length(body) between 1 and 20000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, file_id) references doc_files (tenant_id, id) on delete cascade,
  foreign key (tenant_id, folder_id) references doc_folders (tenant_id, id) on delete cascade
);
-- An object's comments, oldest first (keyset paging).
create index doc_comments_object on doc_comments (tenant_id, object_type, object_id, created_at, id);
select platform_tenant_table('doc_comments');

-- The customer portal's principal (migration 0050) sees none of this.
do $$
declare
  t text;
  cmd text;
begin
  foreach t in array array['doc_tags', 'doc_object_tags', 'doc_favourites', 'doc_comments'] loop
    foreach cmd in array array['select', 'update', 'delete'] loop
      execute format('create policy portal_deny_%s on %I as restrictive for %s '
        'to platform_portal using (false)', cmd, t, cmd);
    end loop;
    execute format('create policy portal_deny_insert on %I as restrictive for insert '
      'to platform_portal with check (false)', t);
  end loop;
end $$;
