-- Durable job queue, job run history and schedules.

-- The dispatcher's role: like platform_app it owns nothing and cannot bypass RLS, but the
-- queue tables give it policies across tenants (claiming work needs to see every tenant's jobs).
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'platform_worker') then
    create role platform_worker nologin nosuperuser nobypassrls;
  end if;
end $$;
grant platform_worker to current_user;
grant usage on schema public to platform_worker;

-- tenant_id '00000000-0000-0000-0000-000000000000' marks platform-wide (system) jobs.
create table jobs (
  tenant_id uuid not null,
  id uuid not null,
  name text not null,
  payload jsonb not null default '{}',
  priority integer not null default 0,
  state text not null default 'queued'
    check (state in ('queued', 'running', 'succeeded', 'dead', 'cancelled')),
  run_after timestamptz not null default now(),
  attempts integer not null default 0,
  max_attempts integer not null default 5 check (max_attempts between 1 and 100),
  backoff_seconds integer not null default 10 check (backoff_seconds >= 0),
  dedupe_key text,
  locked_by text,
  lease_until timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  primary key (tenant_id, id)
);
-- One job per key and tenant, ever: scheduled occurrences and idempotent enqueues.
create unique index jobs_dedupe_key on jobs (tenant_id, dedupe_key) where dedupe_key is not null;
-- Claims walk the tenants with queued work, then take each one's best jobs.
create index jobs_queued_tenant on jobs (tenant_id, priority desc, run_after, id) where state = 'queued';
create index jobs_running on jobs (tenant_id) where state = 'running';
create index jobs_lease on jobs (lease_until) where state = 'running';

create table job_runs (
  tenant_id uuid not null,
  id uuid not null,
  job_id uuid not null,
  name text not null,
  attempt integer not null,
  status text not null check (status in ('running', 'succeeded', 'failed', 'dead', 'lost')),
  worker text not null,
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  error text,
  log text not null default '',
  primary key (tenant_id, id)
);
create index job_runs_job on job_runs (tenant_id, job_id);
create index job_runs_recent on job_runs (tenant_id, started_at desc);

-- Where each schedule got to: the last occurrence enqueued.
create table schedule_marks (
  tenant_id uuid not null,
  key text not null,
  last_occurrence timestamptz not null,
  primary key (tenant_id, key)
);

grant select, insert, update, delete on jobs, job_runs, schedule_marks to platform_worker;
-- Per-tenant schedules fan out to every tenant.
grant select on tenants to platform_worker;

do $$
declare t text;
begin
  foreach t in array array['jobs', 'job_runs', 'schedule_marks'] loop
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    execute format($p$create policy tenant_isolation on %I to platform_app
      using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
      with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)$p$, t);
    execute format('create policy dispatcher on %I to platform_worker using (true) with check (true)', t);
  end loop;
end $$;
