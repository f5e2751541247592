-- OpenID Connect single sign-on per tenant (issue 35, part 4).
--
-- identity_sso: one provider per tenant. The client secret is AES-256-GCM ciphertext (the key is
-- generated once and kept in platform_secrets, readable by the schema owner only); it is never
-- read back by the API. Claim → role mapping as a list of {value, role} for one claim name.
create table identity_sso (
  tenant_id uuid primary key references tenants (id) on delete cascade,
  enabled boolean not null default true,
  issuer text not null check (length(issuer) <= 500),
  client_id text not null check (length(client_id) <= 500),
  secret_ciphertext bytea,
  secret_nonce bytea,
  secret_key_id text,
  allowed_domains text[] not null default '{}',
  role_claim text check (length(role_claim) <= 100),
  role_map jsonb not null default '[]',
  default_role text not null default 'member',
  sso_required boolean not null default false,
  break_glass_user_id uuid references users (id) on delete set null,
  label text not null check (length(label) <= 100),
  updated_at timestamptz not null default now()
);
select platform_tenant_table('identity_sso');

-- A started sign-in: the browser holds a random key (cookie), the row holds the hash of that key
-- with the PKCE verifier, state and nonce. Taken (deleted) once by the callback.
create table identity_sso_flows (
  tenant_id uuid not null references tenants (id) on delete cascade,
  key_hash text not null,
  state text not null,
  nonce text not null,
  code_verifier text not null,
  next_path text not null default '/',
  expires_at timestamptz not null,
  primary key (tenant_id, key_hash)
);
select platform_tenant_table('identity_sso_flows');

-- The definer functions below run as the schema owner, and FORCE applies row security to it too.
create policy schema_owner on identity_sso for select to current_user using (true);

-- The sign-in page offers "Sign in with <company>" before any tenant is known: by the workspace's
-- slug or by the e-mail's domain. Answers only active workspaces with SSO switched on, and only
-- what the button needs.
create function identity_sso_offers(wanted_slug text, wanted_domain text)
  returns table (tenant_id uuid, slug text, label text)
  language sql stable security definer
  set search_path = public, pg_temp
as $$
  select t.id, t.slug, s.label
  from identity_sso s join tenants t on t.id = s.tenant_id
  where s.enabled and t.status = 'active'
    and ((wanted_slug is not null and t.slug = wanted_slug)
      or (wanted_domain is not null and lower(wanted_domain) = any(s.allowed_domains)))
  order by t.slug
  limit 5
$$;
revoke all on function identity_sso_offers(text, text) from public;
grant execute on function identity_sso_offers(text, text) to platform_app;

-- Password sign-in (no tenant in scope yet): whether this tenant requires SSO of this account,
-- i.e. SSO is required and the account is not the break-glass owner.
create function identity_sso_password_refused(tenant uuid, account uuid)
  returns boolean
  language sql stable security definer
  set search_path = public, pg_temp
as $$
  select coalesce((
    select s.enabled and s.sso_required and s.break_glass_user_id is distinct from account
    from identity_sso s where s.tenant_id = tenant), false)
$$;
revoke all on function identity_sso_password_refused(uuid, uuid) from public;
grant execute on function identity_sso_password_refused(uuid, uuid) to platform_app;
