-- Support: the customer portal's principal, its sign-in links and its settings.
--
-- Portal requests run as platform_portal: a member of platform_app, so it has the app's table
-- privileges and is bound by every tenant policy written `to platform_app`, plus RESTRICTIVE
-- policies `to platform_portal` below that narrow it to one support customer:
--   app.portal_customer_id  the signed-in customer ('' for an anonymous visitor: no tickets)
--   app.portal_company_id   that customer's company ('' when none)
-- Every other tenant table that exists now is closed to the portal (a restrictive `false` per
-- command), except the commands the ticket write path needs (the allowlist further down).
-- Tables of later migrations carry their own `to platform_portal` policies.

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'platform_portal') then
    create role platform_portal nologin nosuperuser nobypassrls;
  end if;
end $$;
grant platform_app to platform_portal;
-- The role that runs the app switches to it per transaction (set_config('role', …)).
grant platform_portal to current_user;

-- Per company: its customers see each other's tickets in the portal.
alter table support_companies
  add column portal_shared_tickets boolean not null default false;

-- The portal of a tenant (one row; defaults when absent: closed, reopen within 7 days).
create table support_portal_settings (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  enabled boolean not null default false,
  allow_priority boolean not null default false,
  show_assignee_names boolean not null default true,
  reopen_days integer not null default 7 check (reopen_days between 0 and 365),
  updated_at timestamptz not null default now(),
  primary key (tenant_id)
);
select platform_tenant_table('support_portal_settings');

-- Magic sign-in links: only the SHA-256 of the token is kept; single use, 15 minutes.
create table support_portal_links (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  customer_id uuid not null,
  token_hash text not null check (token_hash ~ '^[0-9a-f]{64}$'),
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (tenant_id, token_hash),
  foreign key (tenant_id, customer_id) references support_customers (tenant_id, id)
    on delete cascade
);
create index support_portal_links_customer on support_portal_links (tenant_id, customer_id)
  where used_at is null;
select platform_tenant_table('support_portal_links');

-- A portal address names its workspace by slug before any tenant is set: the one workspace
-- with that slug, with what the portal's layout shows (no members, no settings).
create function support_portal_tenant(workspace text)
  returns table (id uuid, slug text, name text, logo text, accent_color text, locale text,
                 time_zone text, status text)
  language sql stable security definer
  set search_path = public, pg_temp
as $$
  select t.id, t.slug, t.name, t.logo, t.accent_color, t.locale, t.time_zone, t.status
  from tenants t where t.slug = lower(workspace)
$$;
revoke all on function support_portal_tenant(text) from public;
grant execute on function support_portal_tenant(text) to platform_app;

-- The portal's own rows. The settings are read through scalar subqueries (InitPlans): once
-- per statement.
create policy portal_own_customer on support_customers as restrictive to platform_portal
  using (id = (select nullif(current_setting('app.portal_customer_id', true), '')::uuid))
  with check (id = (select nullif(current_setting('app.portal_customer_id', true), '')::uuid));
create policy portal_no_insert on support_customers as restrictive for insert
  to platform_portal with check (false);
create policy portal_no_delete on support_customers as restrictive for delete
  to platform_portal using (false);

create policy portal_own_company on support_companies as restrictive for select
  to platform_portal
  using (id = (select nullif(current_setting('app.portal_company_id', true), '')::uuid));
create policy portal_no_insert on support_companies as restrictive for insert
  to platform_portal with check (false);
create policy portal_no_update on support_companies as restrictive for update
  to platform_portal using (false);
create policy portal_no_delete on support_companies as restrictive for delete
  to platform_portal using (false);

-- The contact behind the customer (the ticket's contact_id defaults to it).
create policy portal_own_contact on support_contacts as restrictive for select
  to platform_portal
  using (id = (select c.contact_id from support_customers c
               where c.id = (select nullif(current_setting('app.portal_customer_id', true),
                                           '')::uuid)));
create policy portal_no_insert on support_contacts as restrictive for insert
  to platform_portal with check (false);
create policy portal_no_update on support_contacts as restrictive for update
  to platform_portal using (false);
create policy portal_no_delete on support_contacts as restrictive for delete
  to platform_portal using (false);

-- Tickets: the customer's own, and their company's when that company shares its tickets.
-- Inserts and updates must stay inside the same set (no ticket handed to someone else).
create policy portal_visible_tickets on support_tickets as restrictive to platform_portal
  using (
    customer_id = (select nullif(current_setting('app.portal_customer_id', true), '')::uuid)
    or company_id = (select co.id from support_companies co
                     where co.id = (select nullif(current_setting('app.portal_company_id', true),
                                                  '')::uuid)
                       and co.portal_shared_tickets))
  with check (
    customer_id = (select nullif(current_setting('app.portal_customer_id', true), '')::uuid)
    or company_id = (select co.id from support_companies co
                     where co.id = (select nullif(current_setting('app.portal_company_id', true),
                                                  '')::uuid)
                       and co.portal_shared_tickets));
create policy portal_no_delete on support_tickets as restrictive for delete
  to platform_portal using (false);

-- Comments: public ones of visible tickets; a customer never reads or writes internal notes.
create policy portal_public_comments on support_comments as restrictive to platform_portal
  using (visibility = 'public'
         and exists (select 1 from support_tickets t
                     where t.tenant_id = support_comments.tenant_id
                       and t.id = support_comments.ticket_id))
  with check (visibility = 'public'
              and exists (select 1 from support_tickets t
                          where t.tenant_id = support_comments.tenant_id
                            and t.id = support_comments.ticket_id));
create policy portal_no_delete on support_comments as restrictive for delete
  to platform_portal using (false);
-- A customer adds comments and never edits one (theirs or the agents').
create policy portal_no_update on support_comments as restrictive for update
  to platform_portal using (false);

-- SLA: the customer's own contracts decide the policy of a new ticket.
create policy portal_own_contracts on support_contracts as restrictive for select
  to platform_portal
  using (customer_id = (select nullif(current_setting('app.portal_customer_id', true),
                                      '')::uuid));
create policy portal_no_insert on support_contracts as restrictive for insert
  to platform_portal with check (false);
create policy portal_no_update on support_contracts as restrictive for update
  to platform_portal using (false);
create policy portal_no_delete on support_contracts as restrictive for delete
  to platform_portal using (false);

-- Members: only the people assigned to the customer's visible tickets (the assignee's name when
-- the tenant shows it; a customer's reply notifies the assignee, who must be an active member).
create policy portal_ticket_assignees on memberships as restrictive for select
  to platform_portal
  using (user_id in (select t.assignee_id from support_tickets t
                     where t.assignee_id is not null));
create policy portal_no_insert on memberships as restrictive for insert
  to platform_portal with check (false);
create policy portal_no_update on memberships as restrictive for update
  to platform_portal using (false);
create policy portal_no_delete on memberships as restrictive for delete
  to platform_portal using (false);

-- The portal reads its tenant's portal settings, never changes them.
create policy portal_no_insert on support_portal_settings as restrictive for insert
  to platform_portal with check (false);
create policy portal_no_update on support_portal_settings as restrictive for update
  to platform_portal using (false);
create policy portal_no_delete on support_portal_settings as restrictive for delete
  to platform_portal using (false);

-- The allowlist: what opening a ticket (tickets.service.ts createTicket) needs beyond the rows
-- above, per command. 'select-own': an insert's RETURNING needs a select policy, so the portal
-- reads back only rows stamped (column `stamped`, default now()) with its own transaction's
-- start time; another transaction's rows match only if it started in the same microsecond. Keep in step with docs/modules/support.md and
-- tests/support/portal-rls.test.ts.
create table support_portal_allowlist (
  table_name text primary key,
  commands text[] not null,
  stamped text,
  reason text not null
);
insert into support_portal_allowlist (table_name, commands, reason, stamped) values
  ('support_settings', '{select}', 'default priority and whether customers are e-mailed', null),
  ('support_numbering_templates', '{select}', 'the ticket number format', null),
  ('support_number_counters', '{select,insert,update}', 'the next ticket number', null),
  ('support_sla_policies', '{select}', 'the SLA targets of a new ticket', null),
  ('support_email_templates', '{select}', 'the "ticket opened" e-mail to the customer', null),
  ('activity', '{insert,select-own}', 'the ticket''s history line', 'occurred_at'),
  ('jobs', '{insert,select-own}', 'the domain event and mail delivery jobs', 'created_at'),
  ('mail_outbox', '{insert}', 'the "ticket opened" e-mail', null),
  ('notifications', '{insert,select-own}', 'the assignee is told of the customer''s reply',
   'created_at'),
  ('support_mail_ids', '{insert}', 'that e-mail''s Message-ID, so replies thread to the ticket',
   null),
  ('analytics_ticket_days', '{select,insert,update}',
   'per-day ticket counts kept by a statement trigger on support_tickets (counts, no rows)',
   null);
grant select on support_portal_allowlist to platform_app;

-- Default deny: every other tenant table, per command not allowed.
do $$
declare
  t record;
  cmd text;
  allowed text[];
  stamp text;
  own constant text[] := array['support_customers', 'support_companies', 'support_contacts',
    'support_tickets', 'support_comments', 'support_contracts', 'support_portal_settings',
    'memberships'];
begin
  for t in
    select c.relname from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
    where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relrowsecurity
      and c.relname <> all (own)
  loop
    select coalesce((select commands from support_portal_allowlist
                     where table_name = t.relname), '{}'),
           (select stamped from support_portal_allowlist where table_name = t.relname)
      into allowed, stamp;
    if 'select-own' = any (allowed) then
      execute format('create policy portal_own_writes on %I as restrictive for select '
        'to platform_portal using (%I = now())', t.relname, stamp);
      allowed := allowed || 'select'::text;
    end if;
    foreach cmd in array array['select', 'insert', 'update', 'delete'] loop
      continue when cmd = any (allowed);
      if cmd = 'insert' then
        execute format('create policy portal_deny_insert on %I as restrictive for insert '
          'to platform_portal with check (false)', t.relname);
      else
        execute format('create policy portal_deny_%s on %I as restrictive for %s '
          'to platform_portal using (false)', cmd, t.relname, cmd);
      end if;
    end loop;
  end loop;
end $$;
