-- Projects: projects, members with roles, per-project status flows, tasks, dependencies,
-- watchers, comments, e-mail preferences and due-date reminders.

create table projects (
  tenant_id uuid not null references tenants (id) on delete cascade,
  id uuid not null,
  name text not null,
  description text not null default '',
  status text not null default 'planlamada' check (status in ('planlamada', 'aktif', 'tamamlandi')),
  start_date date,
  due_date date,
  archived boolean not null default false,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id)
);
create index projects_list on projects (tenant_id, archived, created_at desc, id desc);

create table project_members (
  tenant_id uuid not null,
  project_id uuid not null,
  user_id uuid not null references users (id) on delete cascade,
  role text not null check (role in ('manager', 'member', 'viewer')),
  created_at timestamptz not null default now(),
  primary key (tenant_id, project_id, user_id),
  foreign key (tenant_id, project_id) references projects (tenant_id, id) on delete cascade
);
create index project_members_user on project_members (tenant_id, user_id);

create table project_statuses (
  tenant_id uuid not null,
  id uuid not null,
  project_id uuid not null,
  name text not null,
  category text not null check (category in ('open', 'done')),
  position integer not null,
  primary key (tenant_id, id),
  unique (tenant_id, project_id, name),
  foreign key (tenant_id, project_id) references projects (tenant_id, id) on delete cascade
);

-- With no rows for a project every move is allowed; with rows only the listed ones are.
create table project_status_transitions (
  tenant_id uuid not null,
  project_id uuid not null,
  from_status_id uuid not null,
  to_status_id uuid not null,
  -- Empty: every member role may make the move.
  roles text[] not null default '{}',
  primary key (tenant_id, project_id, from_status_id, to_status_id),
  foreign key (tenant_id, from_status_id) references project_statuses (tenant_id, id) on delete cascade,
  foreign key (tenant_id, to_status_id) references project_statuses (tenant_id, id) on delete cascade
);

create table tasks (
  tenant_id uuid not null,
  id uuid not null,
  project_id uuid not null,
  title text not null,
  description text not null default '',
  status_id uuid not null,
  priority text not null default 'normal' check (priority in ('dusuk', 'normal', 'yuksek', 'kritik')),
  assignee_id uuid references users (id) on delete set null,
  start_date date,
  due_date date,
  estimate numeric(10, 2),
  labels text[] not null default '{}',
  parent_id uuid,
  -- Order within a board column.
  position double precision not null default 0,
  done_at timestamptz,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, project_id) references projects (tenant_id, id) on delete cascade,
  foreign key (tenant_id, status_id) references project_statuses (tenant_id, id),
  foreign key (tenant_id, parent_id) references tasks (tenant_id, id) on delete set null (parent_id)
);
create index tasks_board on tasks (tenant_id, project_id, status_id, position, id);
create index tasks_recent on tasks (tenant_id, created_at desc, id desc);
create index tasks_assignee on tasks (tenant_id, assignee_id, due_date) where done_at is null;
create index tasks_due on tasks (tenant_id, due_date) where done_at is null;
create index tasks_parent on tasks (tenant_id, parent_id) where parent_id is not null;
create index tasks_labels on tasks using gin (labels);

create table task_dependencies (
  tenant_id uuid not null,
  blocker_id uuid not null,
  blocked_id uuid not null,
  primary key (tenant_id, blocked_id, blocker_id),
  foreign key (tenant_id, blocker_id) references tasks (tenant_id, id) on delete cascade,
  foreign key (tenant_id, blocked_id) references tasks (tenant_id, id) on delete cascade
);
create index task_dependencies_blocker on task_dependencies (tenant_id, blocker_id);

create table task_watchers (
  tenant_id uuid not null,
  task_id uuid not null,
  user_id uuid not null references users (id) on delete cascade,
  primary key (tenant_id, task_id, user_id),
  foreign key (tenant_id, task_id) references tasks (tenant_id, id) on delete cascade
);

create table task_comments (
  tenant_id uuid not null,
  id uuid not null,
  task_id uuid not null,
  author_id uuid references users (id) on delete set null,
  body text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, task_id) references tasks (tenant_id, id) on delete cascade
);
create index task_comments_task on task_comments (tenant_id, task_id, created_at, id);

-- Which project notifications a user also wants by e-mail (in-app ones always arrive).
create table project_mail_preferences (
  tenant_id uuid not null references tenants (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  assignment boolean not null default false,
  comment boolean not null default false,
  mention boolean not null default false,
  due boolean not null default false,
  primary key (tenant_id, user_id)
);

-- One reminder per task and due date, however often the daily job runs.
create table task_due_reminders (
  tenant_id uuid not null,
  task_id uuid not null,
  due_date date not null,
  primary key (tenant_id, task_id, due_date),
  foreign key (tenant_id, task_id) references tasks (tenant_id, id) on delete cascade
);

do $$
declare t text;
begin
  foreach t in array array['projects', 'project_members', 'project_statuses',
    'project_status_transitions', 'tasks', 'task_dependencies', 'task_watchers', 'task_comments',
    'project_mail_preferences', 'task_due_reminders'] loop
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    execute format($p$create policy tenant_isolation on %I
      using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
      with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)$p$, t);
  end loop;
end $$;
