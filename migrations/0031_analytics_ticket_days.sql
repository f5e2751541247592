-- Tickets counted per tenant, UTC day created, status and priority: the analytics query
-- compiler answers counts over the tickets dataset from here when a query only groups and
-- filters by these (and time buckets of a day or more), instead of grouping every ticket
-- (a million tickets: ~5,000 rows instead of 1,000,000). Statement triggers on support_tickets
-- keep it in the same transaction as the tickets themselves, so it is never stale.
create table analytics_ticket_days (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  day date not null,
  status text not null,
  priority text not null,
  -- May reach 0 (every ticket of the group moved on or was deleted); readers skip those rows.
  -- No check (tickets >= 0): an upsert checks the row it proposes, and a move proposes -1.
  tickets integer not null,
  primary key (tenant_id, day, status, priority)
);
select platform_tenant_table('analytics_ticket_days');

-- One upsert per statement (a created ticket: one row). Rows are written in key order so two
-- transactions moving tickets in opposite directions take the row locks in the same order.
-- Deletes only decrement (never insert): a tenant being deleted cascades here too.
create function analytics_ticket_days_follow() returns trigger
language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into analytics_ticket_days as d (tenant_id, day, status, priority, tickets)
    select tenant_id, (created_at at time zone 'UTC')::date, status, priority, count(*)::int
    from added group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (tenant_id, day, status, priority) do update set tickets = d.tickets + excluded.tickets;
  elsif tg_op = 'UPDATE' then
    -- Net change per group; an update that moves nothing (most do: assignee, SLA clocks,
    -- updated_at) writes nothing.
    insert into analytics_ticket_days as d (tenant_id, day, status, priority, tickets)
    select tenant_id, day, status, priority, sum(n)::int from (
      select tenant_id, (created_at at time zone 'UTC')::date as day, status, priority, 1 as n
      from added
      union all
      select tenant_id, (created_at at time zone 'UTC')::date, status, priority, -1 from removed
    ) x group by 1, 2, 3, 4 having sum(n) <> 0 order by 1, 2, 3, 4
    on conflict (tenant_id, day, status, priority) do update set tickets = d.tickets + excluded.tickets;
  else
    update analytics_ticket_days d set tickets = d.tickets - g.n
    from (select tenant_id, (created_at at time zone 'UTC')::date as day, status, priority,
            count(*)::int as n
          from removed group by 1, 2, 3, 4) g
    where d.tenant_id = g.tenant_id and d.day = g.day and d.status = g.status
      and d.priority = g.priority;
  end if;
  return null;
end $$;

create trigger analytics_ticket_days_insert after insert on support_tickets
  referencing new table as added
  for each statement execute function analytics_ticket_days_follow();
create trigger analytics_ticket_days_update after update on support_tickets
  referencing old table as removed new table as added
  for each statement execute function analytics_ticket_days_follow();
create trigger analytics_ticket_days_delete after delete on support_tickets
  referencing old table as removed
  for each statement execute function analytics_ticket_days_follow();

-- Existing tickets, one tenant at a time under its own policy (the triggers above already
-- hold off concurrent writers until this commits).
do $$
declare t record;
begin
  for t in select id from tenants loop
    perform set_config('app.tenant_id', t.id::text, true);
    insert into analytics_ticket_days (tenant_id, day, status, priority, tickets)
    select tenant_id, (created_at at time zone 'UTC')::date, status, priority, count(*)::int
    from support_tickets where tenant_id = t.id group by 1, 2, 3, 4;
  end loop;
  perform set_config('app.tenant_id', '', true);
end $$;
analyze analytics_ticket_days;

-- The tickets dataset names customers and companies through left joins on their keys instead
-- of scalar subqueries: a query that does not read the name still never pays for it (the
-- planner removes a left join on a unique key whose columns are unused), and one that groups a
-- million tickets by customer hashes 10,000 customers once instead of looking one up per
-- ticket (3.5 s → 0.6 s here). Same columns, same order, same rows.
create or replace view analytics_ds_tickets with (security_invoker = true) as
select t.id, t.number, t.subject, t.status, t.priority,
       (case
          when t.resolution_due is null then 'none'
          when (t.first_responded_at is null and t.first_response_due < now())
            or t.first_responded_at > t.first_response_due
            or (t.resolved_at is null and t.resolution_due < now()) or t.resolved_at > t.resolution_due
            then 'breached'
          when t.resolved_at is not null then 'met'
          when (t.first_responded_at is null and t.first_response_warn_at <= now())
            or t.resolution_warn_at <= now() then 'warning'
          else 'ok' end) as sla_state,
       t.customer_id,
       c.name as customer,
       co.name as company,
       (select min(tm.name) from support_team_members m
          join support_teams tm on tm.tenant_id = m.tenant_id and tm.id = m.team_id
          where m.tenant_id = t.tenant_id and m.user_id = t.assignee_id) as team,
       (select a.name from member_directory a where a.user_id = t.assignee_id) as assignee,
       t.created_at, t.first_responded_at, t.resolved_at, t.closed_at, t.resolution_due,
       (extract(epoch from (t.resolved_at - t.created_at)) / 3600)::float8 as resolution_hours
from support_tickets t
left join support_customers c on c.tenant_id = t.tenant_id and c.id = t.customer_id
left join support_companies co on co.tenant_id = t.tenant_id and co.id = t.company_id;
