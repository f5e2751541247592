-- Tenant policies read app.tenant_id through a scalar subquery: PostgreSQL then evaluates the
-- setting once per statement (an InitPlan) instead of once per row. Same rule, same rows; a
-- count over a million tickets spent more time calling current_setting than reading them.
do $$
declare r record;
begin
  for r in
    select p.polname, p.polrelid::regclass as tbl, p.polcmd
    from pg_policy p
    join pg_class c on c.oid = p.polrelid
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
    where pg_get_expr(p.polqual, p.polrelid) =
      '(tenant_id = (NULLIF(current_setting(''app.tenant_id''::text, true), ''''::text))::uuid)'
  loop
    if r.polcmd = '*' then
      execute format($p$alter policy %I on %s
        using (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid))
        with check (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid))$p$,
        r.polname, r.tbl);
    else
      execute format($p$alter policy %I on %s
        using (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid))$p$,
        r.polname, r.tbl);
    end if;
  end loop;
end $$;

-- Tables created from now on get the same form.
create or replace function platform_tenant_table(t regclass) returns void
language plpgsql as $$
begin
  execute format('alter table %s enable row level security', t);
  execute format('alter table %s force row level security', t);
  execute format($p$create policy tenant_isolation on %s
    using (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid))
    with check (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid))$p$,
    t);
end $$;
revoke all on function platform_tenant_table(regclass) from public;

-- Analytics counts tickets by status over time: an index-only scan instead of the whole heap.
create index support_tickets_status_created on support_tickets (tenant_id, status, created_at);
