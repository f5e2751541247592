-- Analytics external data sources: a tenant's PostgreSQL or MySQL database read with a
-- SELECT-only role. The password is stored only encrypted (AES-256-GCM with Automation's
-- installation key, bound to tenant and source id) and is never returned by the API.

create table analytics_sources (
  tenant_id uuid not null references tenants (id) on delete cascade,
  id uuid not null,
  name text not null check (length(name) between 1 and 200),
  engine text not null check (engine in ('postgres', 'mysql')),
  host text not null,
  port integer not null check (port between 1 and 65535),
  database text not null,
  username text not null,
  secret_ciphertext bytea,
  secret_nonce bytea,
  secret_key_id text,
  -- Per-source limits (statementTimeoutMs, rowCap) within the platform's own bounds.
  options jsonb not null default '{}',
  -- unknown until tested; ok | refused | unreachable after a check.
  status text not null default 'unknown' check (status in ('unknown', 'ok', 'refused', 'unreachable')),
  status_detail text not null default '',
  server_version text,
  size_bytes bigint,
  last_checked_at timestamptz,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (tenant_id, name)
);

do $$
declare t text;
begin
  foreach t in array array['analytics_sources'] loop
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    execute format($p$create policy tenant_isolation on %I to platform_app
      using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
      with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)$p$, t);
  end loop;
end $$;
