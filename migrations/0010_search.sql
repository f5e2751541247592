-- Search: one Turkish-aware folding for every search, stored folded text with trigram indexes.

create extension if not exists pg_trgm;

-- The SQL twin of fold() in shared/text/fold.ts, step for step: Turkish I/İ/ı → i, NFKD, accents
-- (combining marks) removed, letters NFKD keeps whole mapped to ASCII (ø→o, ß→ss, …), lower
-- case, final sigma as σ, whitespace runs as one space, ends trimmed. Immutable, so generated
-- columns and indexes can use it. Needs a UTF8 database (normalize()). Only letters outside
-- Latin script depend on the collation's lower(); every Latin letter is ASCII before it.
-- tests/platform/fold.test.ts checks that both give the same result.
create or replace function platform_fold(s text) returns text
language sql immutable strict parallel safe
return btrim(regexp_replace(
  translate(lower(
    replace(replace(replace(replace(replace(replace(replace(replace(
      translate(
        regexp_replace(
          normalize(translate(s, 'İIı', 'iii'), NFKD),
          '[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]', '', 'g'),
        'ØøĐđŁłĦħŦŧ', 'ooddllhhtt'),
      'Æ', 'ae'), 'æ', 'ae'), 'Œ', 'oe'), 'œ', 'oe'), 'ß', 'ss'), 'ẞ', 'ss'), 'Þ', 'th'), 'þ', 'th')
  ), 'ς', 'σ'),
  '[ \t\n\u000b\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'),
  ' ');

-- Row-level security evaluates its policy before any condition of the query that is not
-- LEAKPROOF, and such a condition can then never drive an index scan. LIKE (textlike) is not
-- marked leakproof, so under the tenant policy every trigram index below would go unused and each
-- search would read all of the tenant's rows (about half a second per million tickets). textlike
-- reveals nothing about a row: it only raises an error for a malformed pattern, and the pattern
-- is always the application's escaped query (a parameter), never a column. Marking it leakproof
-- needs a superuser; without one the searches stay correct, only unindexed: run
-- `alter function pg_catalog.textlike(text, text) leakproof;` as a superuser once (it is not
-- kept by pg_dump, so again after a restore into a new cluster).
do $$
begin
  if (select rolsuper from pg_roles where rolname = current_user) then
    alter function pg_catalog.textlike(text, text) leakproof;
  else
    raise notice 'search: not a superuser, so LIKE stays non-leakproof and trigram indexes '
      'are unused under row-level security; see migrations/0010_search.sql';
  end if;
end $$;

-- Support tickets: number, subject and description, folded once on write.
alter table support_tickets add column search_text text not null
  generated always as (platform_fold(number || ' ' || subject || ' ' || description)) stored;
drop index if exists support_tickets_search;
create index support_tickets_search on support_tickets using gin (search_text gin_trgm_ops);

-- Support customers: name, e-mail and phone (the customer list's q and the global search).
alter table support_customers add column search_text text not null
  generated always as (platform_fold(
    name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, ''))) stored;
create index support_customers_search on support_customers using gin (search_text gin_trgm_ops);

-- Projects: task title and description (tasks grow large; projects stay few per tenant and are
-- folded at query time).
alter table tasks add column search_text text not null
  generated always as (platform_fold(title || ' ' || description)) stored;
create index tasks_search on tasks using gin (search_text gin_trgm_ops);

-- Documents keep their app-maintained name_search (written with the same fold); refill it so
-- rows folded by the earlier, simpler fold match the new one exactly. Forced row security would
-- hide every tenant's rows from this tenant-less update, so it is lifted for the refill only
-- (inside this migration's transaction).
alter table doc_files no force row level security;
alter table doc_folders no force row level security;
update doc_files set name_search = platform_fold(name) where name_search <> platform_fold(name);
update doc_folders set name_search = platform_fold(name) where name_search <> platform_fold(name);
alter table doc_files force row level security;
alter table doc_folders force row level security;
