-- Tenant administration: a tenant can be suspended by a platform operator, and its admins set
-- its name, default language, time zone, accent colour and logo.
--
-- tenants stays a platform-level table (no tenant_id, no RLS): operators list every tenant, and
-- a tenant admin's writes are limited to their own row by the service (where id = the session's
-- tenant). The time zone is checked in the app against Intl (PostgreSQL's zone list differs
-- between builds); the logo is checked there too (PNG or JPEG, at most 64 KB decoded) and the
-- length bound below only backs that up.
alter table tenants
  add column status text not null default 'active' check (status in ('active', 'suspended')),
  add column locale text not null default 'en' check (locale in ('en', 'tr')),
  add column time_zone text not null default 'UTC' check (length(time_zone) between 1 and 64),
  add column accent_color text check (accent_color ~ '^#[0-9a-f]{6}$'),
  add column logo text check (logo ~ '^data:image/(png|jpeg);base64,' and length(logo) <= 90000),
  add column suspended_at timestamptz,
  -- suspended_at is set exactly while the tenant is suspended.
  add constraint tenants_suspended_at check ((status = 'suspended') = (suspended_at is not null));
