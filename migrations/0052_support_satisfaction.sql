-- Support: customer satisfaction (issue 37, part 4). A customer rates a solved or closed ticket
-- once, good or bad with an optional comment, from the portal or from a single-use link in the
-- closing e-mail. The rating keeps the ticket's assignee and team at rating time, so reports stay
-- true when the ticket is reassigned later.

create table support_ratings (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  ticket_id uuid not null,
  rating text not null check (rating in ('good', 'bad')),
  comment text not null default '' check (length(comment) <= 2000),
  assignee_id uuid references users (id) on delete set null,
  team_id uuid,
  via text not null check (via in ('portal', 'email')),
  rated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  -- One rating per ticket: the portal and the e-mail link meet here.
  unique (tenant_id, ticket_id),
  foreign key (tenant_id, ticket_id) references support_tickets (tenant_id, id) on delete cascade,
  foreign key (tenant_id, team_id) references support_teams (tenant_id, id)
    on delete set null (team_id)
);
-- The list (newest first, keyset) and the reports over a period.
create index support_ratings_rated on support_ratings (tenant_id, rated_at desc, id desc);
select platform_tenant_table('support_ratings');

-- The links in closing e-mails: only the token's SHA-256 (hex) is stored. A ticket can have
-- several (closed, reopened, closed again); its one rating ends them all.
create table support_rating_links (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  ticket_id uuid not null,
  token_hash text not null check (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  primary key (tenant_id, id),
  unique (tenant_id, token_hash),
  foreign key (tenant_id, ticket_id) references support_tickets (tenant_id, id) on delete cascade
);
create index support_rating_links_hash on support_rating_links (token_hash);
select platform_tenant_table('support_rating_links');
-- The definer function below runs as the schema owner, which FORCE subjects to the policies too.
create policy schema_owner on support_rating_links for select to current_user using (true);

-- A link is opened before any tenant is known: one hash in, its tenant and id out (active
-- workspaces only). The page then reads the rest under that tenant's policy.
create function support_rating_link_by_token(hash text)
  returns table (tenant_id uuid, id uuid)
  language sql stable security definer
  set search_path = public, pg_temp
as $$
  select l.tenant_id, l.id
  from support_rating_links l join tenants t on t.id = l.tenant_id
  where l.token_hash = hash and t.status = 'active'
  limit 1
$$;
revoke all on function support_rating_link_by_token(text) from public;
grant execute on function support_rating_link_by_token(text) to platform_app;

-- The customer portal's principal (migration 0050) narrows these like the tickets: a rating is
-- read and written only for a ticket the customer sees (the subquery runs under the tickets'
-- portal policy). Links are written when the customer closes a ticket (the closing mail) and
-- never read or changed from the portal.
create policy portal_visible_ticket on support_ratings as restrictive to platform_portal
  using (exists (
    select 1 from support_tickets t
    where t.tenant_id = support_ratings.tenant_id and t.id = support_ratings.ticket_id))
  with check (exists (
    select 1 from support_tickets t
    where t.tenant_id = support_ratings.tenant_id and t.id = support_ratings.ticket_id));
-- A rating, once given, is never changed or removed from the portal.
create policy portal_no_update on support_ratings as restrictive for update
  to platform_portal using (false);
create policy portal_no_delete on support_ratings as restrictive for delete
  to platform_portal using (false);
create policy portal_no_select on support_rating_links as restrictive for select
  to platform_portal using (false);
create policy portal_no_update on support_rating_links as restrictive for update
  to platform_portal using (false);
create policy portal_no_delete on support_rating_links as restrictive for delete
  to platform_portal using (false);
create policy portal_insert_visible on support_rating_links as restrictive for insert
  to platform_portal with check (exists (
    select 1 from support_tickets t
    where t.tenant_id = support_rating_links.tenant_id and t.id = support_rating_links.ticket_id));
