-- Public links and signed embedding of analytics sheets (issue 42 part 6).

-- A public, read-only link to one sheet. Only the token's SHA-256 (hex) is stored; the public
-- page finds it by that hash before any tenant is known, through one narrow definer function.
-- The sheet's data is read as the link's creator, with their current access.
create table analytics_public_links (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  sheet_id uuid not null,
  token_hash text not null check (token_hash ~ '^[0-9a-f]{64}$'),
  created_by uuid not null references users (id) on delete cascade,
  expires_at timestamptz,
  -- argon2id (shared/auth/passwords.ts) or null: no password.
  password_hash text,
  allow_csv boolean not null default false,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (tenant_id, token_hash),
  foreign key (tenant_id, sheet_id) references analytics_sheets (tenant_id, id) on delete cascade
);
create index analytics_public_links_hash on analytics_public_links (token_hash);
create index analytics_public_links_sheet on analytics_public_links (tenant_id, sheet_id);
select platform_tenant_table('analytics_public_links');
-- The definer function below runs as the schema owner, which FORCE subjects to the policies too.
create policy schema_owner on analytics_public_links for select to current_user using (true);

-- One hash in, at most one (tenant, link) out, for active workspaces only. Expiry, password
-- and the creator's access are checked afterwards inside the tenant's scope.
create function analytics_public_link_by_token(hash text)
  returns table (tenant_id uuid, link_id uuid)
  language sql stable security definer
  set search_path = public, pg_temp
as $$
  select k.tenant_id, k.id
  from analytics_public_links k join tenants t on t.id = k.tenant_id
  where k.token_hash = hash and t.status = 'active'
  limit 1
$$;
revoke all on function analytics_public_link_by_token(text) from public;
grant execute on function analytics_public_link_by_token(text) to platform_app;

-- The workspace's embedding secret (AES-GCM sealed, never returned after it is made), its
-- public key id (the JWT header's kid, which names the workspace) and the origins that may
-- frame embeds.
create table analytics_embed_settings (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  key_id text not null check (key_id ~ '^[A-Za-z0-9_-]{16,64}$'),
  secret_ciphertext bytea not null,
  secret_nonce bytea not null,
  secret_key_id text not null default '',
  origins text[] not null default '{}',
  updated_by uuid references users (id) on delete set null,
  updated_at timestamptz not null default now(),
  primary key (tenant_id),
  unique (tenant_id, key_id)
);
-- Not unique across tenants (keys lead with tenant_id); 18 random bytes do not collide, and a
-- token resolved to the wrong workspace would fail its signature check anyway.
create index analytics_embed_settings_kid on analytics_embed_settings (key_id);
select platform_tenant_table('analytics_embed_settings');
create policy schema_owner on analytics_embed_settings for select to current_user using (true);

-- One key id in, at most one workspace out (active workspaces only).
create function analytics_embed_tenant_by_kid(kid text)
  returns table (tenant_id uuid)
  language sql stable security definer
  set search_path = public, pg_temp
as $$
  select s.tenant_id
  from analytics_embed_settings s join tenants t on t.id = s.tenant_id
  where s.key_id = kid and t.status = 'active'
  limit 1
$$;
revoke all on function analytics_embed_tenant_by_kid(text) from public;
grant execute on function analytics_embed_tenant_by_kid(text) to platform_app;

-- Sheets that may be embedded; the embed reads data as the person who turned it on.
create table analytics_sheet_embeds (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  sheet_id uuid not null,
  enabled_by uuid not null references users (id) on delete cascade,
  enabled_at timestamptz not null default now(),
  primary key (tenant_id, sheet_id),
  foreign key (tenant_id, sheet_id) references analytics_sheets (tenant_id, id) on delete cascade
);
select platform_tenant_table('analytics_sheet_embeds');

-- The customer portal's principal (migration 0050) never reads or writes these.
create policy portal_deny_select on analytics_public_links as restrictive for select
  to platform_portal using (false);
create policy portal_deny_insert on analytics_public_links as restrictive for insert
  to platform_portal with check (false);
create policy portal_deny_update on analytics_public_links as restrictive for update
  to platform_portal using (false);
create policy portal_deny_delete on analytics_public_links as restrictive for delete
  to platform_portal using (false);
create policy portal_deny_select on analytics_embed_settings as restrictive for select
  to platform_portal using (false);
create policy portal_deny_insert on analytics_embed_settings as restrictive for insert
  to platform_portal with check (false);
create policy portal_deny_update on analytics_embed_settings as restrictive for update
  to platform_portal using (false);
create policy portal_deny_delete on analytics_embed_settings as restrictive for delete
  to platform_portal using (false);
create policy portal_deny_select on analytics_sheet_embeds as restrictive for select
  to platform_portal using (false);
create policy portal_deny_insert on analytics_sheet_embeds as restrictive for insert
  to platform_portal with check (false);
create policy portal_deny_update on analytics_sheet_embeds as restrictive for update
  to platform_portal using (false);
create policy portal_deny_delete on analytics_sheet_embeds as restrictive for delete
  to platform_portal using (false);
