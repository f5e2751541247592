-- Workflow global variables: tenant-wide named values that process expressions and scripts
-- read as `globals.<name>`. Secrets are stored only encrypted (AES-256-GCM with Automation's
-- installation key, bound to tenant and name) and are never returned by the API.

create table workflow_globals (
  tenant_id uuid not null references tenants (id) on delete cascade,
  name text not null check (name ~ '^[A-Za-z_][A-Za-z0-9_]{0,62}$'),
  type text not null check (type in ('text', 'number', 'boolean', 'json', 'secret')),
  -- The value as JSON; null for secrets (their value lives only in the ciphertext).
  value jsonb,
  secret_ciphertext bytea,
  secret_nonce bytea,
  secret_key_id text,
  description text not null default '',
  updated_by uuid,
  updated_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  primary key (tenant_id, name),
  check ((type = 'secret') = (value is null and secret_ciphertext is not null))
);

do $$
declare t text;
begin
  foreach t in array array['workflow_globals'] loop
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    execute format($p$create policy tenant_isolation on %I to platform_app
      using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
      with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)$p$, t);
  end loop;
end $$;
