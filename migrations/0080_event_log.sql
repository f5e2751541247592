-- Domain events as a log (DESIGN.md "Layout", issue 39): one row per event, written in the
-- publishing transaction, instead of a dispatch job plus one delivery job per subscriber.
--
-- Order. Each tenant's events get a gap-free sequence number in COMMIT order: the row is written
-- with a provisional negative number, and a deferred trigger gives it the next number of its
-- tenant while the transaction commits. The tenant's head row stays locked from there to the
-- end of the commit, so a later number can never become visible before an earlier one: a reader
-- that has handled number n and sees the head at m knows n+1..m are all there, and final. The
-- lock is taken at the very end of the transaction, after all its other work, so it waits only
-- for other transactions' commits (no deadlock with row locks) and costs little time.
create sequence event_log_pending;
grant usage, select on sequence event_log_pending to platform_app;

create table event_log (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  seq bigint not null default -nextval('event_log_pending'),
  name text not null check (length(name) between 1 and 200),
  data jsonb not null,
  created_at timestamptz not null default now(),
  -- The writing transaction: the portal's principal sees only its own transaction's events.
  writer xid8 not null default pg_current_xact_id(),
  primary key (tenant_id, seq)
);

-- The last number given out per tenant.
create table event_heads (
  tenant_id uuid not null references tenants (id) on delete cascade,
  seq bigint not null,
  primary key (tenant_id)
);

-- Where each subscriber got to in each tenant's log; a failing event waits for `retry_at`.
create table event_cursors (
  tenant_id uuid not null references tenants (id) on delete cascade,
  subscriber text not null,
  seq bigint not null default 0,
  attempts integer not null default 0,
  retry_at timestamptz,
  last_error text,
  primary key (tenant_id, subscriber)
);

-- Events a subscriber gave up on after its retries (the cursor moved past them).
create table event_failures (
  tenant_id uuid not null references tenants (id) on delete cascade,
  subscriber text not null,
  seq bigint not null,
  name text not null,
  error text not null,
  failed_at timestamptz not null default now(),
  primary key (tenant_id, subscriber, seq)
);

create function event_log_number() returns trigger language plpgsql as $$
declare n bigint;
begin
  insert into event_heads (tenant_id, seq) values (new.tenant_id, 1)
    on conflict (tenant_id) do update set seq = event_heads.seq + 1
    returning seq into n;
  update event_log set seq = n where tenant_id = new.tenant_id and seq = new.seq;
  -- One wake-up per transaction: identical payloads are sent once at commit.
  perform pg_notify('platform_events', '{}');
  return null;
end $$;

create constraint trigger event_log_number after insert on event_log
  deferrable initially deferred for each row execute function event_log_number();

-- Publishers (the app and, through it, the portal) add events and number them; readers (the
-- dispatcher role) see every tenant's log, heads and cursors.
revoke all on event_log, event_heads, event_cursors, event_failures from platform_app;
grant select, insert, update (seq) on event_log to platform_app;
grant select, insert, update on event_heads to platform_app;
-- The worker also publishes: a subscriber's handler may, and the reader's transaction commits
-- as the worker role (the cursor moves last), so the numbering trigger runs as it.
grant select, insert, update (seq), delete on event_log to platform_worker;
grant select, insert, update on event_heads to platform_worker;
grant select, insert, update, delete on event_cursors, event_failures to platform_worker;

do $$
declare t text;
begin
  foreach t in array array['event_log', 'event_heads', 'event_cursors', 'event_failures'] loop
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    execute format($p$create policy tenant_isolation on %I to platform_app
      using (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid))
      with check (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid))$p$, t);
    execute format('create policy dispatcher on %I to platform_worker using (true) with check (true)', t);
  end loop;
end $$;

-- Cursors of a tenant by subscriber are read by primary key; retention finds old rows by time.
create index event_log_created on event_log (created_at);

-- The customer portal's principal (migration 0050) publishes too (a ticket a customer writes):
-- it may add events and number them, and sees only its own transaction's.
create policy portal_own_select on event_log as restrictive for select
  to platform_portal using (writer = pg_current_xact_id());
create policy portal_own_update on event_log as restrictive for update
  to platform_portal using (writer = pg_current_xact_id());
create policy portal_deny_delete on event_log as restrictive for delete
  to platform_portal using (false);
insert into support_portal_allowlist (table_name, commands, reason, stamped) values
  ('event_heads', '{select,insert,update}', 'numbers the events of what a customer writes', null);
create policy portal_deny_select on event_cursors as restrictive for select
  to platform_portal using (false);
create policy portal_deny_select on event_failures as restrictive for select
  to platform_portal using (false);
