-- Single sign-on hardening (issue 35, security review of 0038/0040).
--
-- 1. The definer functions of 0038/0040 answered for any (tenant, account) pair: they now answer
--    only for the transaction's own tenant (app.tenant_id). A caller asking about another
--    tenant first points its transaction at it (sso.repo.ts does so and restores the previous).
-- 2. identity_sso_links is no longer written by the application role directly: a link is written
--    only by identity_sso_link below, which checks, in the same statement as the insert, that the
--    tenant is the current one and that the account may be tied to this workspace's provider
--    (no operator, no other workspace, not an owner here, no second factor).
-- 3. The sign-in page offers a workspace by an e-mail's domain only when exactly one workspace
--    lists that domain (domains are not verified: two claims of one domain cancel each other).

create or replace function identity_sso_account_exclusive(tenant uuid, account uuid)
  returns boolean
  language sql stable security definer
  set search_path = public, pg_temp
as $$
  select coalesce(tenant = nullif(current_setting('app.tenant_id', true), '')::uuid, false)
     and not exists (select 1 from users u where u.id = account and u.is_operator)
     and not exists (select 1 from memberships m
                     where m.user_id = account and m.tenant_id <> tenant)
$$;
revoke all on function identity_sso_account_exclusive(uuid, uuid) from public;
grant execute on function identity_sso_account_exclusive(uuid, uuid) to platform_app;

-- Asked about any tenant but the current one it refuses to answer (an error, not a silent
-- "not required": a caller in the wrong scope must not let a password through).
create or replace function identity_sso_password_refused(tenant uuid, account uuid)
  returns boolean
  language plpgsql stable security definer
  set search_path = public, pg_temp
as $$
begin
  if tenant is distinct from nullif(current_setting('app.tenant_id', true), '')::uuid then
    raise exception 'identity_sso_password_refused: not the current tenant'
      using errcode = 'insufficient_privilege';
  end if;
  return coalesce((
    select s.enabled and s.sso_required and s.break_glass_user_id is distinct from account
    from identity_sso s where s.tenant_id = tenant), false);
end $$;
revoke all on function identity_sso_password_refused(uuid, uuid) from public;
grant execute on function identity_sso_password_refused(uuid, uuid) to platform_app;

revoke insert, update on identity_sso_links from platform_app;

-- Ties a provider identity to an account in the current tenant. Written only when the account
-- may be signed in by this workspace's provider: it is no operator and belongs to no other
-- workspace (identity_sso_account_exclusive), is not an owner of this one, and has no second
-- factor (a confirmed TOTP or a passkey) that single sign-on would skip. True when the identity
-- is (now or already) linked to this account.
create function identity_sso_link(tenant uuid, link_issuer text, link_subject text, account uuid)
  returns boolean
  language plpgsql volatile security definer
  set search_path = public, pg_temp
as $$
begin
  if tenant is distinct from nullif(current_setting('app.tenant_id', true), '')::uuid then
    return false;
  end if;
  insert into identity_sso_links (tenant_id, issuer, subject, user_id)
  select tenant, link_issuer, link_subject, account
  where identity_sso_account_exclusive(tenant, account)
    and not exists (select 1 from memberships m
                    where m.tenant_id = tenant and m.user_id = account and 'owner' = any(m.roles))
    and not exists (select 1 from identity_totp x
                    where x.user_id = account and x.confirmed_at is not null)
    and not exists (select 1 from identity_passkeys p where p.user_id = account)
  on conflict (tenant_id, issuer, subject) do nothing;
  return exists (select 1 from identity_sso_links l
                 where l.tenant_id = tenant and l.issuer = link_issuer
                   and l.subject = link_subject and l.user_id = account);
end $$;
revoke all on function identity_sso_link(uuid, text, text, uuid) from public;
grant execute on function identity_sso_link(uuid, text, text, uuid) to platform_app;

create or replace function identity_sso_offers(wanted_slug text, wanted_domain text)
  returns table (tenant_id uuid, slug text, label text)
  language sql stable security definer
  set search_path = public, pg_temp
as $$
  with live as (
    select t.id, t.slug, s.label, s.allowed_domains
    from identity_sso s join tenants t on t.id = s.tenant_id
    where s.enabled and t.status = 'active'
  ), by_domain as (
    select l.id from live l where lower(wanted_domain) = any(l.allowed_domains)
  )
  select l.id, l.slug, l.label from live l
  where (wanted_slug is not null and l.slug = wanted_slug)
     or (wanted_domain is not null and l.id in (select id from by_domain)
         and (select count(*) from by_domain) = 1)
  order by l.slug
  limit 5
$$;
revoke all on function identity_sso_offers(text, text) from public;
grant execute on function identity_sso_offers(text, text) to platform_app;
