-- Support: customers, contacts, companies, contracts, SLA policies, numbering, tickets,
-- comments, SLA events, e-mail templates, departments, teams and settings.
-- Ticket field history lives in the shared activity table (entity_type 'ticket').

create extension if not exists pg_trgm;

create table support_companies (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  name text not null,
  email text,
  phone text,
  website text,
  notes text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id)
);
create index support_companies_name on support_companies (tenant_id, lower(name), id);

create table support_contacts (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  company_id uuid,
  name text not null,
  email text,
  phone text,
  title text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, company_id) references support_companies (tenant_id, id) on delete set null (company_id)
);
create index support_contacts_name on support_contacts (tenant_id, lower(name), id);
create index support_contacts_company on support_contacts (tenant_id, company_id);

create table support_customers (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  kind text not null default 'person' check (kind in ('person', 'firm')),
  name text not null,
  email text,
  phone text,
  locale text not null default 'en',
  company_id uuid,
  contact_id uuid,
  notes text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, company_id) references support_companies (tenant_id, id) on delete set null (company_id),
  foreign key (tenant_id, contact_id) references support_contacts (tenant_id, id) on delete set null (contact_id)
);
create index support_customers_name on support_customers (tenant_id, lower(name), id);

-- targets: {"kritik": {"firstResponseMinutes": 30, "resolutionMinutes": 240}, ...}
-- calendar: {"timeZone": "Europe/Istanbul", "weekly": {"1": [["09:00","18:00"]], ...}, "holidays": ["2026-01-01"]}
-- escalation: {"userId": uuid?, "teamId": uuid?, "raisePriority": bool, "reassignTo": uuid?}
create table support_sla_policies (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  name text not null,
  targets jsonb not null,
  calendar jsonb not null,
  warning_percent integer not null default 80 check (warning_percent between 1 and 99),
  escalation jsonb not null default '{}',
  is_default boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id)
);
create unique index support_sla_policies_default on support_sla_policies (tenant_id) where is_default;

create table support_contracts (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  customer_id uuid not null,
  name text not null,
  starts_on date not null,
  ends_on date not null,
  reminder_days integer not null default 30 check (reminder_days between 0 and 365),
  sla_policy_id uuid,
  notes text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  check (ends_on >= starts_on),
  foreign key (tenant_id, customer_id) references support_customers (tenant_id, id) on delete cascade,
  foreign key (tenant_id, sla_policy_id) references support_sla_policies (tenant_id, id) on delete set null (sla_policy_id)
);
create index support_contracts_customer on support_contracts (tenant_id, customer_id, ends_on);
create index support_contracts_ends on support_contracts (tenant_id, ends_on);

-- One row per contract and reminder date: the renewal reminder fires once.
create table support_contract_reminders (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  contract_id uuid not null,
  remind_on date not null,
  sent_at timestamptz not null default now(),
  primary key (tenant_id, contract_id, remind_on),
  foreign key (tenant_id, contract_id) references support_contracts (tenant_id, id) on delete cascade
);

create table support_numbering_templates (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  name text not null,
  pattern text not null,
  reset text not null default 'never' check (reset in ('never', 'yearly', 'monthly')),
  active boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id)
);
create unique index support_numbering_active on support_numbering_templates (tenant_id) where active;

-- The counter row per (template, period) is bumped inside the ticket's transaction: gap-free.
create table support_number_counters (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  template_id uuid not null,
  period text not null,
  value bigint not null,
  primary key (tenant_id, template_id, period)
);

create table support_tickets (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  number text not null,
  subject text not null,
  description text not null default '',
  status text not null default 'acik' check (status in ('acik', 'islemde', 'cozuldu', 'kapandi')),
  priority text not null default 'normal' check (priority in ('dusuk', 'normal', 'yuksek', 'kritik')),
  assignee_id uuid,
  customer_id uuid not null,
  contact_id uuid,
  company_id uuid,
  tags text[] not null default '{}',
  sla_policy_id uuid,
  -- SLA clocks, computed in business time when the ticket is opened or its priority changes.
  first_response_warn_at timestamptz,
  first_response_due timestamptz,
  resolution_warn_at timestamptz,
  resolution_due timestamptz,
  escalate_at timestamptz,
  first_responded_at timestamptz,
  resolved_at timestamptz,
  closed_at timestamptz,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (tenant_id, number),
  foreign key (tenant_id, customer_id) references support_customers (tenant_id, id),
  foreign key (tenant_id, contact_id) references support_contacts (tenant_id, id) on delete set null (contact_id),
  foreign key (tenant_id, company_id) references support_companies (tenant_id, id) on delete set null (company_id),
  foreign key (tenant_id, sla_policy_id) references support_sla_policies (tenant_id, id) on delete set null (sla_policy_id)
);
create index support_tickets_created on support_tickets (tenant_id, created_at desc, id desc);
create index support_tickets_updated on support_tickets (tenant_id, updated_at desc, id desc);
create index support_tickets_status on support_tickets (tenant_id, status, created_at desc, id desc);
create index support_tickets_assignee on support_tickets (tenant_id, assignee_id, created_at desc, id desc);
create index support_tickets_customer on support_tickets (tenant_id, customer_id, created_at desc);
create index support_tickets_due on support_tickets (tenant_id, resolution_due)
  where status in ('acik', 'islemde');
create index support_tickets_resolved on support_tickets (tenant_id, resolved_at)
  where resolved_at is not null;
create index support_tickets_search on support_tickets
  using gin ((number || ' ' || subject || ' ' || description) gin_trgm_ops);

create table support_comments (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  ticket_id uuid not null,
  author_id uuid,
  body text not null,
  format text not null default 'text' check (format in ('text', 'markdown')),
  visibility text not null default 'public' check (visibility in ('public', 'internal')),
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, ticket_id) references support_tickets (tenant_id, id) on delete cascade
);
create index support_comments_ticket on support_comments (tenant_id, ticket_id, created_at, id);

-- Each SLA alert fires once: the key is the ticket, the clock and the level.
create table support_sla_events (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  ticket_id uuid not null,
  clock text not null check (clock in ('firstResponse', 'resolution')),
  level text not null check (level in ('warning', 'breach', 'escalation')),
  fired_at timestamptz not null default now(),
  primary key (tenant_id, ticket_id, clock, level),
  foreign key (tenant_id, ticket_id) references support_tickets (tenant_id, id) on delete cascade
);

create table support_email_templates (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  kind text not null check (kind in ('opened', 'updated', 'closed', 'renewal')),
  locale text not null,
  subject text not null,
  body text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (tenant_id, kind, locale)
);

create table support_departments (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  name text not null,
  description text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id)
);

create table support_teams (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  name text not null,
  department_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, department_id) references support_departments (tenant_id, id) on delete set null (department_id)
);

create table support_team_members (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  team_id uuid not null,
  user_id uuid not null references users (id) on delete cascade,
  primary key (tenant_id, team_id, user_id),
  foreign key (tenant_id, team_id) references support_teams (tenant_id, id) on delete cascade
);

create table support_settings (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  default_priority text not null default 'normal' check (default_priority in ('dusuk', 'normal', 'yuksek', 'kritik')),
  default_locale text not null default 'en',
  customer_emails boolean not null default true,
  updated_at timestamptz not null default now(),
  primary key (tenant_id)
);

do $$
declare t text;
begin
  foreach t in array array['support_companies', 'support_contacts', 'support_customers',
    'support_sla_policies', 'support_contracts', 'support_contract_reminders',
    'support_numbering_templates', 'support_number_counters', 'support_tickets',
    'support_comments', 'support_sla_events', 'support_email_templates', 'support_departments',
    'support_teams', 'support_team_members', 'support_settings'] loop
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    execute format($p$create policy tenant_isolation on %I
      using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
      with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)$p$, t);
  end loop;
end $$;
