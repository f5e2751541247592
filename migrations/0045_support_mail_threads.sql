-- Support e-mail threads (issue "support channels", intake): which ticket and comment a
-- Message-ID belongs to, comments that came by e-mail, and the mailbox a ticket came in through.

-- Every Message-ID we received ('in') or sent ('out') on a ticket. A customer's reply names one of
-- them in In-Reply-To/References and lands on the same ticket; an 'out' id coming back in is our
-- own mail looping. Ids are stored as written between the angle brackets, lower-cased.
create table support_mail_ids (
  tenant_id uuid not null default nullif(current_setting('app.tenant_id', true), '')::uuid
    references tenants (id) on delete cascade,
  message_id text not null check (length(message_id) between 1 and 1000),
  ticket_id uuid not null,
  comment_id uuid,
  direction text not null check (direction in ('in', 'out')),
  -- Everyone the message was between (from, to, cc; lower-case). A ticket token in a subject
  -- threads a message only from a known address: one of these, or the ticket's customer.
  addresses text[] not null default '{}' check (cardinality(addresses) <= 200),
  created_at timestamptz not null default now(),
  primary key (tenant_id, message_id),
  foreign key (tenant_id, ticket_id) references support_tickets (tenant_id, id) on delete cascade,
  foreign key (tenant_id, comment_id) references support_comments (tenant_id, id)
    on delete set null (comment_id)
);
create index support_mail_ids_ticket on support_mail_ids (tenant_id, ticket_id);
select platform_tenant_table('support_mail_ids');

-- A comment's channel. An e-mail comment keeps the sender, the CC list, its Message-ID and the
-- stored message it came from (the "original" view); a customer's comment has no author_id.
alter table support_comments
  add column channel text not null default 'web' check (channel in ('web', 'email', 'portal')),
  add column from_address text check (length(from_address) <= 320),
  add column cc text[] not null default '{}',
  add column message_id text check (length(message_id) <= 1000),
  add column inbound_message_id uuid;
alter table support_comments add constraint support_comments_inbound
  foreign key (tenant_id, inbound_message_id) references support_inbound_messages (tenant_id, id)
  on delete set null (inbound_message_id);

-- The mailbox a ticket came in through: replies go out from it.
alter table support_tickets add column mailbox_id uuid;
alter table support_tickets add constraint support_tickets_mailbox
  foreign key (tenant_id, mailbox_id) references support_mailboxes (tenant_id, id)
  on delete set null (mailbox_id);

-- The per-sender rate check (messages from one address into one mailbox in the last minutes).
create index support_inbound_messages_sender
  on support_inbound_messages (tenant_id, mailbox_id, lower(from_address), received_at);
