-- Queue throughput (issue 39): cross-instance wake-ups and the retention sweep's index.

-- One wake-up per enqueuing transaction, whatever it enqueues: a statement-level trigger, and
-- PostgreSQL folds identical notifications (same channel and payload) of one transaction into
-- one. Dispatchers on every instance LISTEN on the channel; the embedded database has no other
-- session to tell (its dispatchers are woken in-process), so nobody listens there.
create function platform_jobs_notify() returns trigger
  language plpgsql
as $$
begin
  perform pg_notify('platform_jobs', '{}');
  return null;
end
$$;
create trigger jobs_notify after insert on jobs
  for each statement execute function platform_jobs_notify();

-- The retention sweep deletes a tenant's finished jobs by age; at thousands of jobs a second the
-- table holds millions of finished rows, which it no longer scans.
create index jobs_finished on jobs (tenant_id, finished_at)
  where state in ('succeeded', 'cancelled', 'dead');

-- Which tenants have work due for a dispatcher's job names: one probe per tenant, however many
-- of its jobs wait for a later time (retries, runAfter) or for other dispatchers' names.
create index jobs_due on jobs (tenant_id, run_after) include (name) where state = 'queued';

-- Every run updates its job twice, leaving dead versions and dead index entries at the front of
-- each tenant's queued range, which every claim walks until vacuum removes them. Vacuum the
-- queue after 1 % of it changed, not the default 20 % (a million finished jobs: 200,000).
alter table jobs set (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 1000,
                      autovacuum_analyze_scale_factor = 0.02);
