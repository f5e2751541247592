-- Analytics built-in datasets: one read-only view per module's data. Every view runs with the
-- caller's rights (security_invoker), so the forced tenant policy of each table underneath
-- applies and a tenant only ever sees its own rows. Column names are the dataset's field names
-- (modules/analytics/query/query.datasets.ts lists them with types and labels); counts and
-- durations are cast so they reach JavaScript as numbers.

create view analytics_ds_tickets with (security_invoker = true) as
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
       -- Names as scalar subqueries, not joins: a query that does not read them (counting by
       -- status and week over a million tickets) never pays for them.
       (select c.name from support_customers c
          where c.tenant_id = t.tenant_id and c.id = t.customer_id) as customer,
       (select co.name from support_companies co
          where co.tenant_id = t.tenant_id and co.id = t.company_id) as company,
       (select min(tm.name) from support_team_members m
          join support_teams tm on tm.tenant_id = m.tenant_id and tm.id = m.team_id
          where m.tenant_id = t.tenant_id and m.user_id = t.assignee_id) as team,
       (select a.name from member_directory a where a.user_id = t.assignee_id) as assignee,
       t.created_at, t.first_responded_at, t.resolved_at, t.closed_at, t.resolution_due,
       (extract(epoch from (t.resolved_at - t.created_at)) / 3600)::float8 as resolution_hours
from support_tickets t;

create view analytics_ds_customers with (security_invoker = true) as
select c.id, c.name, c.kind, c.email, c.locale, co.name as company, c.created_at,
       (select count(*) from support_contracts k
          where k.tenant_id = c.tenant_id and k.customer_id = c.id)::int as contracts,
       (select count(*) from support_tickets t where t.tenant_id = c.tenant_id
          and t.customer_id = c.id and t.status in ('acik', 'islemde'))::int as open_tickets
from support_customers c
left join support_companies co on co.tenant_id = c.tenant_id and co.id = c.company_id;

create view analytics_ds_contracts with (security_invoker = true) as
select k.id, k.customer_id, k.name, c.name as customer, k.starts_on, k.ends_on,
       p.name as sla_policy, (current_date between k.starts_on and k.ends_on) as active,
       (k.ends_on - current_date)::int as days_left, k.created_at
from support_contracts k
join support_customers c on c.tenant_id = k.tenant_id and c.id = k.customer_id
left join support_sla_policies p on p.tenant_id = k.tenant_id and p.id = k.sla_policy_id;

create view analytics_ds_documents with (security_invoker = true) as
select f.id, f.name, f.content_type,
       lower(coalesce(nullif(substring(f.name from '\.([A-Za-z0-9]{1,10})$'), ''), '')) as extension,
       f.size::float8 as size, fo.name as folder, f.owner_module as attached_to, f.version,
       u.name as created_by, f.created_at, f.updated_at
from doc_files f
left join doc_folders fo on fo.tenant_id = f.tenant_id and fo.id = f.folder_id
left join member_directory u on u.user_id = f.created_by
where f.deleted_at is null;

create view analytics_ds_projects with (security_invoker = true) as
select p.id, p.name, p.status, p.start_date, p.due_date, p.archived, p.created_at,
       (select count(*) from tasks k where k.tenant_id = p.tenant_id and k.project_id = p.id)::int
         as tasks,
       (select count(*) from tasks k where k.tenant_id = p.tenant_id and k.project_id = p.id
          and k.done_at is null)::int as open_tasks
from projects p;

create view analytics_ds_project_tasks with (security_invoker = true) as
select k.id, k.project_id, p.name as project, k.title, s.name as status,
       s.category as status_category, k.priority, a.name as assignee, k.start_date, k.due_date,
       k.estimate::float8 as estimate, k.done_at, k.created_at,
       (k.done_at is null and k.due_date < current_date) as overdue
from tasks k
join projects p on p.tenant_id = k.tenant_id and p.id = k.project_id
join project_statuses s on s.tenant_id = k.tenant_id and s.id = k.status_id
left join member_directory a on a.user_id = k.assignee_id;

create view analytics_ds_automation_runs with (security_invoker = true) as
select r.id, g.name as agent, r.trigger, r.status, r.attempt, r.queued_at, r.started_at,
       r.finished_at, r.duration_ms
from automation_runs r
join automation_agents g on g.tenant_id = r.tenant_id and g.id = r.agent_id;

create view analytics_ds_workflow_instances with (security_invoker = true) as
select i.id, d.name as process, i.business_key, i.name, i.state, i.incident_count,
       u.name as started_by, i.started_at, i.ended_at,
       (extract(epoch from (i.ended_at - i.started_at)) / 3600)::float8 as duration_hours
from workflow_instances i
join workflow_definitions d on d.tenant_id = i.tenant_id and d.id = i.definition_id
left join member_directory u on u.user_id = i.started_by;

create view analytics_ds_workflow_tasks with (security_invoker = true) as
select k.id, k.instance_id, d.name as process, k.name, k.state, k.priority,
       a.name as assignee, k.due_at, k.created_at, k.completed_at,
       (k.state in ('created', 'claimed', 'delegated') and k.due_at < now()) as overdue
from workflow_tasks k
left join workflow_definitions d on d.tenant_id = k.tenant_id and d.id = k.definition_id
left join member_directory a on a.user_id = k.assignee;

-- Read-only: the default privileges grant writes on new relations; datasets are never written.
do $$
declare v text;
begin
  foreach v in array array['analytics_ds_tickets', 'analytics_ds_customers',
    'analytics_ds_contracts', 'analytics_ds_documents', 'analytics_ds_projects',
    'analytics_ds_project_tasks', 'analytics_ds_automation_runs',
    'analytics_ds_workflow_instances', 'analytics_ds_workflow_tasks'] loop
    execute format('revoke insert, update, delete, truncate on %I from platform_app', v);
    execute format('grant select on %I to platform_app', v);
  end loop;
end $$;
