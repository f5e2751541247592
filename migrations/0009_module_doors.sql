-- Two shared pieces every module migration uses from now on.

-- 1. Tenant isolation for a tenant-owned table in one call (the block earlier migrations copied):
--    row level security enabled and forced, and the policy on app.tenant_id. Usage:
--      select platform_tenant_table('workflow_instances');
create or replace function platform_tenant_table(t regclass) returns void
language plpgsql as $$
begin
  execute format('alter table %s enable row level security', t);
  execute format('alter table %s force row level security', t);
  execute format($p$create policy tenant_isolation on %s
    using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
    with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)$p$, t);
end $$;
revoke all on function platform_tenant_table(regclass) from public;

-- 2. Identity's door for SQL: a person as the current tenant knows them. Modules join this view
--    for names and e-mail addresses instead of users/memberships. It runs with the caller's
--    rights (security_invoker), so memberships keep their tenant policy; `status` is null for a
--    user who is no longer a member of this tenant (kept for the names on old records).
create view member_directory with (security_invoker = true) as
select u.id as user_id,
       coalesce(m.display_name, u.name) as name,
       u.email,
       m.status,
       coalesce(m.roles, '{}') as roles
from users u
left join memberships m
  on m.user_id = u.id and m.tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid;
grant select on member_directory to platform_app;
