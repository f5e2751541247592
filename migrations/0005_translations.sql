-- Translations: per-tenant overrides of the built-in message catalogs, and extra languages.

-- One row per overridden message: the tenant's text for (locale, key). Built-in catalogs (en,
-- tr) ship with the code; a key without a row falls back to the built-in text, then English.
create table translations (
  tenant_id uuid not null references tenants (id) on delete cascade,
  locale text not null check (locale ~ '^[a-z]{2,3}(-[A-Z]{2})?$'),
  key text not null check (key ~ '^[A-Za-z0-9_.-]{1,200}$'),
  value text not null check (length(value) between 1 and 4000),
  updated_at timestamptz not null default now(),
  updated_by uuid references users (id) on delete set null,
  primary key (tenant_id, locale, key)
);

-- Languages a tenant added beyond the built-in ones (listed even before any key is translated).
create table translation_languages (
  tenant_id uuid not null references tenants (id) on delete cascade,
  locale text not null check (locale ~ '^[a-z]{2,3}(-[A-Z]{2})?$'),
  -- The language's own name ("Deutsch"); empty: derived from the code.
  name text not null default '' check (length(name) <= 100),
  created_at timestamptz not null default now(),
  created_by uuid references users (id) on delete set null,
  primary key (tenant_id, locale)
);

do $$
declare t text;
begin
  foreach t in array array['translations', 'translation_languages'] loop
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    execute format($p$create policy tenant_isolation on %I
      using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
      with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)$p$, t);
  end loop;
end $$;

-- A user's profile language may now be one of a tenant's extra languages.
alter table users drop constraint if exists users_locale_check;
alter table users add constraint users_locale_check
  check (locale ~ '^[a-z]{2,3}(-[A-Z]{2})?$');
