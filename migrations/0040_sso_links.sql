-- Single sign-on links (issue 35, SSO account takeover). A workspace's provider says who someone
-- is by (issuer, subject); the e-mail it sends is only a claim the workspace's admin controls. An
-- account is tied to a provider identity here, written when single sign-on creates the account
-- or first signs an existing one in (allowed only when the account belongs to no other
-- workspace). Later sign-ins follow the link, not the e-mail.
create table identity_sso_links (
  tenant_id uuid not null references tenants (id) on delete cascade,
  issuer text not null check (length(issuer) <= 500),
  subject text not null check (length(subject) between 1 and 255),
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (tenant_id, issuer, subject)
);
create index identity_sso_links_user on identity_sso_links (tenant_id, user_id);
select platform_tenant_table('identity_sso_links');

-- Whether single sign-on in `tenant` may take over an existing account found by its e-mail: no
-- when the account is an operator's or has a membership (any status) in another workspace —
-- signing it in would open those workspaces to whoever runs this workspace's provider. Answers
-- only that yes/no, nothing about the other workspaces.
create function identity_sso_account_exclusive(tenant uuid, account uuid)
  returns boolean
  language sql stable security definer
  set search_path = public, pg_temp
as $$
  select not exists (select 1 from users u where u.id = account and u.is_operator)
     and not exists (select 1 from memberships m
                     where m.user_id = account and m.tenant_id <> tenant)
$$;
revoke all on function identity_sso_account_exclusive(uuid, uuid) from public;
grant execute on function identity_sso_account_exclusive(uuid, uuid) to platform_app;
