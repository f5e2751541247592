-- Support: what the customer portal's ticket pages need beyond 0050, for the portal role only.
--
-- 0050 closes every other tenant table to platform_portal (restrictive `false` per command).
-- The portal's ticket pages attach files (Documents' doc_files) and a customer's reply ends a
-- "waiting on the customer" pause (support_ticket_pauses). Those deny policies are replaced here
-- by narrow restrictive ones: still nothing beyond the customer's own tickets.

-- Files: a customer's upload waits under owner support/portal-draft/<customer id> until a form
-- takes it; it then belongs to a ticket or a comment the customer can see (0050's policies on
-- tickets and comments decide which). Nothing else of Documents is visible.
drop policy if exists portal_deny_select on doc_files;
drop policy if exists portal_deny_insert on doc_files;
drop policy if exists portal_deny_update on doc_files;

create policy portal_files_visible on doc_files as restrictive for select to platform_portal
  using (
    owner_module = 'support' and (
      (owner_type = 'portal-draft'
        and owner_id = current_setting('app.portal_customer_id', true))
      -- Ticket-level files only when no staff member added them: the customer's own and the
      -- mail intake's. An agent's upload waits on the ticket until the comment it is for is
      -- saved, and that comment may be an internal note.
      or (owner_type = 'ticket' and created_by is null
        and exists (select 1 from support_tickets t
                    where t.tenant_id = doc_files.tenant_id and t.id::text = doc_files.owner_id))
      or (owner_type = 'comment'
        and exists (select 1 from support_comments c
                    where c.tenant_id = doc_files.tenant_id and c.id::text = doc_files.owner_id))
    ));

-- New files only as the customer's own drafts, never in a folder.
create policy portal_files_upload on doc_files as restrictive for insert to platform_portal
  with check (
    owner_module = 'support' and owner_type = 'portal-draft' and folder_id is null
    and owner_id = current_setting('app.portal_customer_id', true)
    and current_setting('app.portal_customer_id', true) <> '');

-- A draft is handed to a visible ticket or public comment (the only update the portal makes).
create policy portal_files_take on doc_files as restrictive for update to platform_portal
  using (
    owner_module = 'support' and owner_type = 'portal-draft'
    and owner_id = current_setting('app.portal_customer_id', true))
  with check (
    owner_module = 'support' and folder_id is null and (
      (owner_type = 'ticket'
        and exists (select 1 from support_tickets t
                    where t.tenant_id = doc_files.tenant_id and t.id::text = doc_files.owner_id))
      or (owner_type = 'comment'
        and exists (select 1 from support_comments c
                    where c.tenant_id = doc_files.tenant_id and c.id::text = doc_files.owner_id))
    ));

-- The tenant's file size limit and quota (numbers, nothing personal).
drop policy if exists portal_deny_select on doc_settings;

-- Pauses of visible tickets: a customer's reply ends a wait on the customer, and closing a
-- waiting ticket ends its pause (waiting.service.ts). Never new pauses, never deleted.
drop policy if exists portal_deny_select on support_ticket_pauses;
drop policy if exists portal_deny_update on support_ticket_pauses;
create policy portal_visible_pauses on support_ticket_pauses as restrictive for select
  to platform_portal
  using (exists (select 1 from support_tickets t
                 where t.tenant_id = support_ticket_pauses.tenant_id
                   and t.id = support_ticket_pauses.ticket_id));
create policy portal_end_pauses on support_ticket_pauses as restrictive for update
  to platform_portal
  using (exists (select 1 from support_tickets t
                 where t.tenant_id = support_ticket_pauses.tenant_id
                   and t.id = support_ticket_pauses.ticket_id));


-- The tenant's storage use, whoever asks: under the portal role doc_files shows only the
-- customer's own files, so a sum there would give each customer the whole quota again.
create function doc_used_bytes() returns bigint
  language sql stable security definer
  set search_path = public, pg_temp
as $$
  select coalesce((select sum(size) from doc_files
                   where tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid), 0)
       + coalesce((select sum(size) from doc_versions
                   where tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid), 0)
$$;
revoke all on function doc_used_bytes() from public;
grant execute on function doc_used_bytes() to platform_app;
