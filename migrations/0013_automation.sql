-- Automation: agents (code, configuration, encrypted environment variables, versions), jobs
-- (an agent + a trigger + input + policies), runs (history with logs) and per-tenant settings.
-- Runs execute through the shared queue (one queue job per run); the dispatcher role reads
-- jobs, runs and settings across tenants to fire schedules and reap runs whose worker died.

create table automation_settings (
  tenant_id uuid not null references tenants (id) on delete cascade,
  concurrency integer not null default 2 check (concurrency between 1 and 64),
  default_timeout_seconds integer not null default 60 check (default_timeout_seconds between 1 and 3600),
  memory_mb integer not null default 128 check (memory_mb between 32 and 4096),
  log_cap_kb integer not null default 256 check (log_cap_kb between 1 and 10240),
  log_retention_days integer not null default 14 check (log_retention_days between 1 and 3650),
  history_retention_days integer not null default 90 check (history_retention_days between 1 and 3650),
  -- Host names (or *.domain) agents may reach; private, loopback and link-local are refused anyway.
  allowlist text[] not null default '{}',
  failure_threshold integer not null default 3 check (failure_threshold between 1 and 100),
  recipients uuid[] not null default '{}',
  notify_email boolean not null default true,
  min_interval_seconds integer not null default 10 check (min_interval_seconds between 0 and 86400),
  backlog_threshold integer not null default 50 check (backlog_threshold between 1 and 100000),
  updated_at timestamptz not null default now(),
  primary key (tenant_id)
);

create table automation_agents (
  tenant_id uuid not null references tenants (id) on delete cascade,
  id uuid not null,
  name text not null,
  description text not null default '',
  kind text not null check (kind in ('script', 'http', 'platform', 'email')),
  state text not null default 'aktif' check (state in ('aktif', 'pasif', 'hata')),
  config jsonb not null default '{}',
  code text not null default '',
  -- The permissions the agent acts with through ctx.platform (a subset of its creator's).
  grants text[] not null default '{}',
  version integer not null default 1,
  template text,
  consecutive_failures integer not null default 0,
  last_error text,
  last_run_at timestamptz,
  last_status text,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (tenant_id, name)
);
create index automation_agents_list on automation_agents (tenant_id, created_at desc, id desc);

create table automation_agent_versions (
  tenant_id uuid not null,
  agent_id uuid not null,
  version integer not null,
  config jsonb not null,
  code text not null,
  note text not null default '',
  created_by uuid,
  created_at timestamptz not null default now(),
  primary key (tenant_id, agent_id, version),
  foreign key (tenant_id, agent_id) references automation_agents (tenant_id, id) on delete cascade
);

-- Environment variables: AES-256-GCM ciphertext; the key comes from config or platform_secrets.
create table automation_agent_env (
  tenant_id uuid not null,
  agent_id uuid not null,
  name text not null check (name ~ '^[A-Z_][A-Z0-9_]{0,63}$'),
  ciphertext bytea not null,
  nonce bytea not null,
  key_id text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, agent_id, name),
  foreign key (tenant_id, agent_id) references automation_agents (tenant_id, id) on delete cascade
);

create table automation_jobs (
  tenant_id uuid not null references tenants (id) on delete cascade,
  id uuid not null,
  name text not null,
  description text not null default '',
  agent_id uuid not null,
  trigger_kind text not null check (trigger_kind in ('cron', 'once', 'interval', 'manual', 'event', 'webhook')),
  cron text,
  timezone text,
  run_at timestamptz,
  interval_seconds integer check (interval_seconds between 1 and 31536000),
  event text,
  -- SHA-256 of the inbound webhook secret (the secret is shown once).
  webhook_secret_hash text,
  input jsonb not null default '{}',
  priority integer not null default 0 check (priority between -100 and 100),
  timeout_seconds integer check (timeout_seconds between 1 and 3600),
  max_attempts integer not null default 1 check (max_attempts between 1 and 20),
  backoff_seconds integer not null default 30 check (backoff_seconds between 0 and 86400),
  concurrency text not null default 'skip' check (concurrency in ('allow', 'skip', 'queue', 'replace')),
  catchup text not null default 'latest' check (catchup in ('none', 'latest', 'all')),
  catchup_limit integer not null default 10 check (catchup_limit between 1 and 1000),
  notify_on_failure boolean not null default true,
  enabled boolean not null default true,
  -- The next occurrence to fire (cron, once, interval); null when nothing is scheduled.
  next_run_at timestamptz,
  last_fired_at timestamptz,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (tenant_id, name),
  foreign key (tenant_id, agent_id) references automation_agents (tenant_id, id) on delete cascade
);
create index automation_jobs_list on automation_jobs (tenant_id, created_at desc, id desc);
create index automation_jobs_due on automation_jobs (next_run_at) where enabled and next_run_at is not null;
create index automation_jobs_event on automation_jobs (tenant_id, event) where trigger_kind = 'event' and enabled;

create table automation_runs (
  tenant_id uuid not null references tenants (id) on delete cascade,
  id uuid not null,
  job_id uuid,
  agent_id uuid not null,
  agent_version integer not null,
  trigger text not null check (trigger in ('cron', 'once', 'interval', 'manual', 'event', 'webhook', 'test')),
  -- The scheduled instant (cron, once, interval), for catch-up and the exactly-once key.
  occurrence timestamptz,
  status text not null default 'queued'
    check (status in ('queued', 'running', 'succeeded', 'failed', 'timed_out', 'cancelled', 'skipped')),
  attempt integer not null default 0,
  max_attempts integer not null default 1,
  queue_job_id uuid,
  input jsonb not null default '{}',
  result jsonb,
  error text,
  log text not null default '',
  log_truncated boolean not null default false,
  cancel_requested boolean not null default false,
  worker text,
  heartbeat_at timestamptz,
  queued_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  duration_ms integer,
  created_by uuid,
  primary key (tenant_id, id),
  foreign key (tenant_id, agent_id) references automation_agents (tenant_id, id) on delete cascade,
  foreign key (tenant_id, job_id) references automation_jobs (tenant_id, id) on delete set null (job_id)
);
create unique index automation_runs_occurrence on automation_runs (tenant_id, job_id, occurrence)
  where occurrence is not null;
create index automation_runs_recent on automation_runs (tenant_id, queued_at desc, id desc);
create index automation_runs_job on automation_runs (tenant_id, job_id, queued_at desc);
create index automation_runs_agent on automation_runs (tenant_id, agent_id, queued_at desc);
create index automation_runs_active on automation_runs (tenant_id, status) where status in ('queued', 'running');
create index automation_runs_stale on automation_runs (heartbeat_at) where status = 'running';

grant select, update on automation_jobs, automation_runs to platform_worker;
grant select on automation_settings, automation_agents to platform_worker;

do $$
declare t text;
begin
  foreach t in array array['automation_settings', 'automation_agents', 'automation_agent_versions',
    'automation_agent_env', 'automation_jobs', 'automation_runs'] loop
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    execute format($p$create policy tenant_isolation on %I to platform_app
      using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
      with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)$p$, t);
  end loop;
  foreach t in array array['automation_settings', 'automation_agents', 'automation_jobs', 'automation_runs'] loop
    execute format('create policy dispatcher on %I to platform_worker using (true) with check (true)', t);
  end loop;
end $$;
