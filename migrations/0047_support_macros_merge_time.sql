-- Support: canned replies and macros, ticket merge, time accounting per comment.

-- A canned reply / macro: a text with {{placeholders}} and actions applied in one click.
-- owner_id null = shared with every agent of the tenant; a user id = that agent's own.
create table support_macros (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  name text not null check (length(name) between 1 and 120),
  body text not null default '',
  format text not null default 'text' check (format in ('text', 'markdown')),
  visibility text not null default 'public' check (visibility in ('public', 'internal')),
  owner_id uuid,
  actions jsonb not null default '{}',
  usage_count integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id)
);
create index support_macros_owner on support_macros (tenant_id, owner_id, name);
select platform_tenant_table('support_macros');

-- A merged ticket is closed and points at the ticket that took its comments and files.
alter table support_tickets add column merged_into_id uuid;
alter table support_tickets add constraint support_tickets_merged_into
  foreign key (tenant_id, merged_into_id) references support_tickets (tenant_id, id)
  on delete set null (merged_into_id);

-- Time spent on a ticket, recorded with a comment (minutes; at most one day per comment).
alter table support_comments add column minutes integer
  check (minutes is null or minutes between 1 and 1440);
-- The time report reads comments by date.
create index support_comments_minutes on support_comments (tenant_id, created_at)
  where minutes is not null;
