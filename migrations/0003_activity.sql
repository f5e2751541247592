-- Activity log: one append-only audit table for every module (who, what, which entity,
-- before/after). Rows are written inside the transaction of the change they describe.

create table activity (
  tenant_id uuid not null references tenants (id) on delete cascade,
  id uuid not null,
  occurred_at timestamptz not null default now(),
  -- null: the platform itself (jobs, schedules, system work).
  actor_id uuid,
  module text not null check (module ~ '^[a-z][a-z0-9_-]{0,40}$'),
  entity_type text not null check (length(entity_type) between 1 and 100),
  entity_id text not null check (length(entity_id) between 1 and 200),
  action text not null check (length(action) between 1 and 100),
  summary text not null default '',
  -- Shallow diff: { "<field>": { "from": <before>, "to": <after> } }.
  changes jsonb not null default '{}',
  before jsonb,
  after jsonb,
  request_id text,
  primary key (tenant_id, id)
);
create index activity_recent on activity (tenant_id, occurred_at desc, id desc);
create index activity_entity on activity (tenant_id, module, entity_type, entity_id);
create index activity_actor on activity (tenant_id, actor_id);

alter table activity enable row level security;
alter table activity force row level security;
create policy tenant_isolation on activity
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);

-- Append-only for the application: it may read and add lines, never change or remove them.
revoke update, delete, truncate on activity from platform_app;
