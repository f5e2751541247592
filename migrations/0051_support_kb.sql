-- Support: knowledge base (categories, articles in English and Turkish, related articles,
-- feedback and deflection counts) and what the public help centre may see of it.

-- A category of articles; its name in each language, ordered by position.
create table support_kb_categories (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  name_en text not null default '' check (length(name_en) <= 120),
  name_tr text not null default '' check (length(name_tr) <= 120),
  description_en text not null default '' check (length(description_en) <= 500),
  description_tr text not null default '' check (length(description_tr) <= 500),
  position integer not null default 0 check (position between 0 and 100000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  check (name_en <> '' or name_tr <> '')
);
create index support_kb_categories_order on support_kb_categories (tenant_id, position, id);
select platform_tenant_table('support_kb_categories');

-- One article with its English and Turkish versions (either may be empty, not both titles).
-- search_en / search_tr: each version folded once on write (platform_fold), trigram-indexed.
create table support_kb_articles (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  category_id uuid,
  slug text not null check (slug ~ '^[a-z0-9]([a-z0-9-]{0,118}[a-z0-9])?$'),
  status text not null default 'draft' check (status in ('draft', 'published')),
  visibility text not null default 'internal' check (visibility in ('internal', 'public')),
  title_en text not null default '' check (length(title_en) <= 200),
  description_en text not null default '' check (length(description_en) <= 500),
  body_en text not null default '' check (length(body_en) <= 100000),
  title_tr text not null default '' check (length(title_tr) <= 200),
  description_tr text not null default '' check (length(description_tr) <= 500),
  body_tr text not null default '' check (length(body_tr) <= 100000),
  search_en text not null
    generated always as (platform_fold(title_en || ' ' || description_en || ' ' || body_en)) stored,
  search_tr text not null
    generated always as (platform_fold(title_tr || ' ' || description_tr || ' ' || body_tr)) stored,
  -- The ticket whose reply became this article ("turn into article").
  source_ticket_id uuid,
  -- Counts of support_kb_feedback rows, kept by its trigger (the portal may add feedback but
  -- never read it, yet the help centre orders popular articles by these).
  helpful_count integer not null default 0,
  not_helpful_count integer not null default 0,
  solved_count integer not null default 0,
  created_by uuid,
  updated_by uuid,
  published_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (tenant_id, slug),
  foreign key (tenant_id, category_id) references support_kb_categories (tenant_id, id)
    on delete set null (category_id),
  check (title_en <> '' or title_tr <> '')
);
create index support_kb_articles_list on support_kb_articles (tenant_id, updated_at desc, id);
create index support_kb_articles_category on support_kb_articles (tenant_id, category_id);
create index support_kb_articles_search_en on support_kb_articles using gin (search_en gin_trgm_ops);
create index support_kb_articles_search_tr on support_kb_articles using gin (search_tr gin_trgm_ops);
select platform_tenant_table('support_kb_articles');

-- Related articles ("see also"), one direction per row, in the order the editor set.
create table support_kb_related (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  article_id uuid not null,
  related_id uuid not null,
  position integer not null default 0,
  primary key (tenant_id, article_id, related_id),
  foreign key (tenant_id, article_id) references support_kb_articles (tenant_id, id)
    on delete cascade,
  foreign key (tenant_id, related_id) references support_kb_articles (tenant_id, id)
    on delete cascade,
  check (article_id <> related_id)
);
select platform_tenant_table('support_kb_related');

-- Feedback on an article: "was this helpful" (once per visitor: the help centre's visitor
-- cookie, hashed) and "solved by this article" (deflection: a customer who did not open the
-- ticket). The counts are these rows counted.
create table support_kb_feedback (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  id uuid not null,
  article_id uuid not null,
  kind text not null check (kind in ('helpful', 'not_helpful', 'solved')),
  visitor text check (length(visitor) <= 100),
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, article_id) references support_kb_articles (tenant_id, id)
    on delete cascade
);
create index support_kb_feedback_article on support_kb_feedback (tenant_id, article_id, kind);
create unique index support_kb_feedback_vote on support_kb_feedback (tenant_id, article_id, visitor)
  where kind in ('helpful', 'not_helpful');
-- "Solved by this article" counts once per portal customer and article.
create unique index support_kb_feedback_solved on support_kb_feedback (tenant_id, article_id, visitor)
  where kind = 'solved';
select platform_tenant_table('support_kb_feedback');

-- Runs as the function's owner: the portal role may not update articles, yet its feedback
-- must reach the counts. The row's own tenant and article bound what it touches.
create function support_kb_feedback_count() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  update support_kb_articles set
    helpful_count = helpful_count + (new.kind = 'helpful')::int,
    not_helpful_count = not_helpful_count + (new.kind = 'not_helpful')::int,
    solved_count = solved_count + (new.kind = 'solved')::int
  where tenant_id = new.tenant_id and id = new.article_id;
  return null;
end $$;
revoke all on function support_kb_feedback_count() from public;
create trigger support_kb_feedback_count after insert on support_kb_feedback
  for each row execute function support_kb_feedback_count();

-- The help centre and the portal run as platform_portal (migration 0050): these restrictive
-- policies narrow what it inherits from platform_app. It reads public published articles, the
-- categories and relations among them, and only adds feedback rows for such articles (it can
-- never read, change or remove feedback). Nothing else.
create policy portal_read on support_kb_articles as restrictive for select to platform_portal
  using (status = 'published' and visibility = 'public');
create policy portal_no_insert on support_kb_articles as restrictive for insert to platform_portal
  with check (false);
create policy portal_no_update on support_kb_articles as restrictive for update to platform_portal
  using (false);
create policy portal_no_delete on support_kb_articles as restrictive for delete to platform_portal
  using (false);

create policy portal_read on support_kb_categories as restrictive for select to platform_portal
  using (exists (select 1 from support_kb_articles a
                 where a.tenant_id = support_kb_categories.tenant_id
                   and a.category_id = support_kb_categories.id));
create policy portal_no_insert on support_kb_categories as restrictive for insert
  to platform_portal with check (false);
create policy portal_no_update on support_kb_categories as restrictive for update
  to platform_portal using (false);
create policy portal_no_delete on support_kb_categories as restrictive for delete
  to platform_portal using (false);

-- Both ends must be visible (the article policy applies inside the subqueries).
create policy portal_read on support_kb_related as restrictive for select to platform_portal
  using (exists (select 1 from support_kb_articles a
                 where a.tenant_id = support_kb_related.tenant_id and a.id = article_id)
     and exists (select 1 from support_kb_articles a
                 where a.tenant_id = support_kb_related.tenant_id and a.id = related_id));
create policy portal_no_insert on support_kb_related as restrictive for insert to platform_portal
  with check (false);
create policy portal_no_update on support_kb_related as restrictive for update to platform_portal
  using (false);
create policy portal_no_delete on support_kb_related as restrictive for delete to platform_portal
  using (false);

create policy portal_no_read on support_kb_feedback as restrictive for select to platform_portal
  using (false);
create policy portal_insert on support_kb_feedback as restrictive for insert to platform_portal
  with check (exists (select 1 from support_kb_articles a
                      where a.tenant_id = support_kb_feedback.tenant_id and a.id = article_id));
create policy portal_no_update on support_kb_feedback as restrictive for update to platform_portal
  using (false);
create policy portal_no_delete on support_kb_feedback as restrictive for delete to platform_portal
  using (false);
