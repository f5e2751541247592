-- Workflow batches (Camunda 7's batch operations): cancel, suspend, resume, migrate or modify
-- many process instances chosen by a query. The query is resolved once when the batch is
-- created (one item per instance); queue jobs then work the items in bounded chunks, each
-- instance in its own transaction, and count progress here. A failed item keeps the engine's
-- message and goes back to 'pending' when the batch is retried.
create table workflow_batches (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  type text not null check (type in ('cancel', 'suspend', 'resume', 'migrate', 'modify')),
  -- The query as given (shown on the batch page) and the type's own input (migration plan,
  -- modification instructions, cancel reason).
  query jsonb not null default '{}',
  input jsonb not null default '{}',
  state text not null default 'running' check (state in ('running', 'completed')),
  total integer not null default 0,
  done integer not null default 0,
  failed integer not null default 0,
  created_by uuid,
  created_at timestamptz not null default now(),
  finished_at timestamptz,
  primary key (tenant_id, id)
);
create index workflow_batches_list on workflow_batches (tenant_id, created_at desc, id desc);

create table workflow_batch_items (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  batch_id uuid not null,
  -- No foreign key to the instance: history cleanup may remove it, the batch's record stays.
  instance_id uuid not null,
  instance_name text not null default '',
  state text not null default 'pending' check (state in ('pending', 'done', 'failed')),
  message text,
  attempts integer not null default 0,
  updated_at timestamptz not null default now(),
  primary key (tenant_id, batch_id, instance_id),
  foreign key (tenant_id, batch_id) references workflow_batches (tenant_id, id) on delete cascade
);
create index workflow_batch_items_pending on workflow_batch_items (tenant_id, batch_id)
  where state = 'pending';
create index workflow_batch_items_failed on workflow_batch_items (tenant_id, batch_id, instance_id)
  where state = 'failed';

select platform_tenant_table('workflow_batches');
select platform_tenant_table('workflow_batch_items');

-- The customer portal's principal (migration 0050) never reads or writes these.
create policy portal_deny_select on workflow_batches as restrictive for select
  to platform_portal using (false);
create policy portal_deny_insert on workflow_batches as restrictive for insert
  to platform_portal with check (false);
create policy portal_deny_update on workflow_batches as restrictive for update
  to platform_portal using (false);
create policy portal_deny_delete on workflow_batches as restrictive for delete
  to platform_portal using (false);
create policy portal_deny_select on workflow_batch_items as restrictive for select
  to platform_portal using (false);
create policy portal_deny_insert on workflow_batch_items as restrictive for insert
  to platform_portal with check (false);
create policy portal_deny_update on workflow_batch_items as restrictive for update
  to platform_portal using (false);
create policy portal_deny_delete on workflow_batch_items as restrictive for delete
  to platform_portal using (false);
