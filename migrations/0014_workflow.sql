-- Workflow: process definitions (BPMN 2.0 XML, immutable numbered versions), the token engine's
-- state (instances, tokens, timers, incidents, history), user and stand-alone tasks with their
-- history, comments and attachments, standing delegations, and audited instance migrations.
-- Steps run through the shared queue (one job per continuation, serialized per instance); the
-- dispatcher role reads instances and timers across tenants only to find work whose job died.

create table workflow_definitions (
  tenant_id uuid not null references tenants (id) on delete cascade,
  id uuid not null,
  -- The BPMN process id of the latest deployment; versions are numbered per key.
  key text not null,
  name text not null,
  description text not null default '',
  category text not null default '',
  -- The designer's working copy; deploying copies it into a new version.
  draft_xml text,
  draft_updated_at timestamptz,
  draft_updated_by uuid,
  latest_version integer not null default 0,
  -- Shown in the process catalog (startable by users holding workflow.process.write).
  startable boolean not null default true,
  archived_at timestamptz,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (tenant_id, key)
);
create index workflow_definitions_list on workflow_definitions (tenant_id, updated_at desc, id desc);

create table workflow_definition_versions (
  tenant_id uuid not null,
  id uuid not null,
  definition_id uuid not null,
  version integer not null check (version > 0),
  name text not null,
  xml text not null,
  -- The compiled process graph the engine runs (modules/workflow/common/model.ts).
  model jsonb not null,
  -- bpmnlint findings at deploy time (warnings kept; errors refuse the deployment).
  lint jsonb not null default '[]',
  -- Typed domain events that start this version (message start events mapped to events).
  start_events text[] not null default '{}',
  -- Timer start events: the cron or ISO repeat of each (fired by the workflow scheduler).
  start_timers jsonb not null default '[]',
  note text not null default '',
  deployed_by uuid,
  deployed_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (tenant_id, definition_id, version),
  foreign key (tenant_id, definition_id) references workflow_definitions (tenant_id, id) on delete cascade
);
create index workflow_versions_events on workflow_definition_versions using gin (start_events);

create table workflow_instances (
  tenant_id uuid not null,
  id uuid not null,
  definition_id uuid not null,
  version_id uuid not null,
  business_key text,
  name text not null,
  state text not null default 'active'
    check (state in ('active', 'suspended', 'completed', 'cancelled', 'terminated')),
  -- Open incidents on the instance (the list filters and badges read it, not a join).
  incident_count integer not null default 0,
  variables jsonb not null default '{}',
  -- A call activity's child points at the token waiting for it in the parent.
  parent_instance_id uuid,
  parent_token_id uuid,
  -- Bumped by every step: a step that read an older revision is stale and does nothing.
  revision integer not null default 0,
  started_by uuid,
  started_at timestamptz not null default now(),
  ended_at timestamptz,
  end_element_id text,
  search text not null default '',
  primary key (tenant_id, id),
  foreign key (tenant_id, version_id) references workflow_definition_versions (tenant_id, id),
  foreign key (tenant_id, definition_id) references workflow_definitions (tenant_id, id) on delete cascade
);
create index workflow_instances_list on workflow_instances (tenant_id, started_at desc, id desc);
create index workflow_instances_mine on workflow_instances (tenant_id, started_by, started_at desc);
create index workflow_instances_definition on workflow_instances (tenant_id, definition_id, state);
create index workflow_instances_version on workflow_instances (tenant_id, version_id) where state in ('active', 'suspended');
create index workflow_instances_parent on workflow_instances (tenant_id, parent_instance_id) where parent_instance_id is not null;

-- An execution: where one token stands. Scopes (subprocess, multi-instance body) are tokens too;
-- their children point at them. Variables local to a scope live in `vars`.
create table workflow_tokens (
  tenant_id uuid not null,
  id uuid not null,
  instance_id uuid not null,
  element_id text not null,
  state text not null default 'ready'
    check (state in ('ready', 'waiting', 'scope', 'joined', 'done', 'cancelled', 'incident')),
  parent_token_id uuid,
  -- Multi-instance: this token's index in its collection (null otherwise).
  loop_index integer,
  vars jsonb not null default '{}',
  -- Incoming flow that brought the token (joins count arrivals per flow).
  via_flow text,
  created_at timestamptz not null default now(),
  ended_at timestamptz,
  primary key (tenant_id, id),
  foreign key (tenant_id, instance_id) references workflow_instances (tenant_id, id) on delete cascade
);
create index workflow_tokens_live on workflow_tokens (tenant_id, instance_id) where ended_at is null;

create table workflow_timers (
  tenant_id uuid not null,
  id uuid not null,
  instance_id uuid,
  token_id uuid,
  -- Start timers have a definition and no instance.
  definition_id uuid,
  element_id text not null,
  kind text not null check (kind in ('catch', 'boundary', 'start', 'task-due')),
  interrupting boolean not null default true,
  due_at timestamptz not null,
  -- ISO 8601 repeat (R3/PT10M) or cron of a cycle timer, so the next one can be set.
  cycle text,
  fired_at timestamptz,
  cancelled_at timestamptz,
  primary key (tenant_id, id)
);
create index workflow_timers_due on workflow_timers (due_at) where fired_at is null and cancelled_at is null;
create index workflow_timers_instance on workflow_timers (tenant_id, instance_id) where fired_at is null and cancelled_at is null;

create table workflow_incidents (
  tenant_id uuid not null,
  id uuid not null,
  instance_id uuid not null,
  token_id uuid not null,
  element_id text not null,
  kind text not null,
  message text not null,
  created_at timestamptz not null default now(),
  resolved_at timestamptz,
  resolved_by uuid,
  resolution text check (resolution in ('retried', 'skipped', 'cancelled', 'migrated')),
  primary key (tenant_id, id),
  foreign key (tenant_id, instance_id) references workflow_instances (tenant_id, id) on delete cascade
);
create index workflow_incidents_open on workflow_incidents (tenant_id, created_at desc) where resolved_at is null;
create index workflow_incidents_instance on workflow_incidents (tenant_id, instance_id);

-- What happened on an instance, in order: the timeline and the diagram's done/active marks.
create table workflow_history (
  tenant_id uuid not null,
  id uuid not null,
  instance_id uuid not null,
  token_id uuid,
  element_id text,
  element_type text,
  event text not null,
  actor uuid,
  at timestamptz not null default clock_timestamp(),
  data jsonb not null default '{}',
  primary key (tenant_id, id),
  foreign key (tenant_id, instance_id) references workflow_instances (tenant_id, id) on delete cascade
);
create index workflow_history_instance on workflow_history (tenant_id, instance_id, at, id);

create table workflow_tasks (
  tenant_id uuid not null,
  id uuid not null,
  -- Null for a stand-alone task (POST /tasks).
  instance_id uuid,
  token_id uuid,
  definition_id uuid,
  element_id text,
  name text not null,
  description text not null default '',
  state text not null default 'created'
    check (state in ('created', 'claimed', 'delegated', 'completed', 'cancelled')),
  assignee uuid,
  -- While delegated: the person the task returns to once the delegate resolves it.
  owner uuid,
  candidate_users uuid[] not null default '{}',
  candidate_roles text[] not null default '{}',
  priority text not null default 'normal' check (priority in ('dusuk', 'normal', 'yuksek', 'kritik')),
  due_at timestamptz,
  follow_up_at timestamptz,
  -- camunda:formKey as written, and the form (form-js schema or field list) it resolved to.
  form_key text,
  form jsonb,
  -- Submitted data on completion (also written into the process variables).
  data jsonb,
  created_by uuid,
  created_at timestamptz not null default now(),
  claimed_at timestamptz,
  completed_at timestamptz,
  completed_by uuid,
  -- Reminders already sent (due soon, overdue), so the sweep sends each once.
  reminded text[] not null default '{}',
  search text not null default '',
  primary key (tenant_id, id),
  foreign key (tenant_id, instance_id) references workflow_instances (tenant_id, id) on delete cascade
);
create index workflow_tasks_open on workflow_tasks (tenant_id, created_at desc, id desc) where state in ('created', 'claimed', 'delegated');
create index workflow_tasks_assignee on workflow_tasks (tenant_id, assignee, state);
create index workflow_tasks_pool on workflow_tasks (tenant_id, created_at desc) where assignee is null and state = 'created';
create index workflow_tasks_candidate_users on workflow_tasks using gin (candidate_users) where assignee is null;
create index workflow_tasks_instance on workflow_tasks (tenant_id, instance_id);
create index workflow_tasks_due on workflow_tasks (due_at) where state in ('created', 'claimed', 'delegated') and due_at is not null;

create table workflow_task_events (
  tenant_id uuid not null,
  id uuid not null,
  task_id uuid not null,
  event text not null,
  actor uuid,
  from_user uuid,
  to_user uuid,
  at timestamptz not null default clock_timestamp(),
  data jsonb not null default '{}',
  primary key (tenant_id, id),
  foreign key (tenant_id, task_id) references workflow_tasks (tenant_id, id) on delete cascade
);
create index workflow_task_events_task on workflow_task_events (tenant_id, task_id, at);

create table workflow_task_comments (
  tenant_id uuid not null,
  id uuid not null,
  task_id uuid not null,
  author uuid not null,
  body text not null,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, task_id) references workflow_tasks (tenant_id, id) on delete cascade
);
create index workflow_task_comments_task on workflow_task_comments (tenant_id, task_id, created_at);

-- Files attached to a task live in Documents; this links them.
create table workflow_task_attachments (
  tenant_id uuid not null,
  task_id uuid not null,
  file_id uuid not null,
  added_by uuid,
  added_at timestamptz not null default now(),
  primary key (tenant_id, task_id, file_id),
  foreign key (tenant_id, task_id) references workflow_tasks (tenant_id, id) on delete cascade
);

-- Standing delegations (out of office): new tasks for from_user go to to_user in the window.
create table workflow_delegations (
  tenant_id uuid not null,
  id uuid not null,
  from_user uuid not null,
  to_user uuid not null,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  -- Null: every task; otherwise only tasks of this definition.
  definition_id uuid,
  reason text not null default '',
  created_by uuid,
  created_at timestamptz not null default now(),
  revoked_at timestamptz,
  primary key (tenant_id, id),
  check (ends_at > starts_at),
  check (from_user <> to_user)
);
create index workflow_delegations_from on workflow_delegations (tenant_id, from_user, starts_at) where revoked_at is null;
create index workflow_delegations_to on workflow_delegations (tenant_id, to_user) where revoked_at is null;

-- One migration of running instances between versions: the mapping, and what each batch did.
create table workflow_migrations (
  tenant_id uuid not null,
  id uuid not null,
  definition_id uuid not null,
  from_version_id uuid not null,
  to_version_id uuid not null,
  mapping jsonb not null,
  instance_ids uuid[] not null,
  state text not null default 'applied' check (state in ('applied', 'failed')),
  results jsonb not null default '[]',
  created_by uuid,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id)
);

grant select on workflow_timers, workflow_instances, workflow_definition_versions, workflow_definitions to platform_worker;
grant update on workflow_timers to platform_worker;

do $$
declare t text;
begin
  foreach t in array array['workflow_definitions', 'workflow_definition_versions', 'workflow_instances',
    'workflow_tokens', 'workflow_timers', 'workflow_incidents', 'workflow_history', 'workflow_tasks',
    'workflow_task_events', 'workflow_task_comments', 'workflow_task_attachments',
    'workflow_delegations', 'workflow_migrations'] loop
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    execute format($p$create policy tenant_isolation on %I to platform_app
      using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
      with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)$p$, t);
  end loop;
  foreach t in array array['workflow_timers', 'workflow_instances', 'workflow_definition_versions',
    'workflow_definitions'] loop
    execute format('create policy dispatcher on %I to platform_worker using (true) with check (true)', t);
  end loop;
end $$;
