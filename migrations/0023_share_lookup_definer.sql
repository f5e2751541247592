-- Public share links are found by the hash of their token before any tenant is known. The
-- lookup table used to carry a `using (true)` select policy, so every tenant's transaction could
-- read every tenant's lookup rows (issue 18, defect 6). Now the application role sees only its
-- own tenant's rows like everywhere else, and the token lookup goes through one narrow
-- security-definer function: one hash in, at most one (tenant, share) out.
drop policy lookup_by_hash on doc_share_lookup;

-- Only the function's owner (the migration role, which runs the definer function) reads across
-- tenants; the application role never matches this policy.
create policy lookup_by_definer on doc_share_lookup for select
  using (current_user <> 'platform_app');

create function doc_share_by_token(hash text)
  returns table (tenant_id uuid, share_id uuid)
  language sql stable security definer
  set search_path = public, pg_temp
as $$
  select l.tenant_id, l.share_id from doc_share_lookup l where l.token_hash = hash limit 1
$$;
revoke all on function doc_share_by_token(text) from public;
grant execute on function doc_share_by_token(text) to platform_app;
