-- Concurrency keys on the queue. A job with a serial key runs only while no other job of its
-- tenant with that key runs (one at a time, in order); a job with a group key runs only while
-- fewer than group_limit jobs of its tenant with that key run (a per-tenant cap on one kind of
-- work, e.g. Automation's per-tenant concurrency). Claims check both under the claim lock.
alter table jobs add column serial_key text;
alter table jobs add column group_key text;
alter table jobs add column group_limit integer check (group_limit between 1 and 1000);
alter table jobs add constraint jobs_group_limit check ((group_key is null) = (group_limit is null));
create index jobs_running_serial on jobs (tenant_id, serial_key) where state = 'running' and serial_key is not null;
create index jobs_running_group on jobs (tenant_id, group_key) where state = 'running' and group_key is not null;
