-- Support: outbound replies as threaded e-mail, and the outbox fields they need.

-- The outbox carries what a threaded reply needs. From stays MAIL_FROM's address (the domain the
-- operator's SPF/DKIM covers); only its display name may change (from_name: the mailbox's name).
-- Replies reach the mailbox through Reply-To. message_id is fixed when the mail is queued, so a
-- resend after a crash keeps the same id (NULL: the platform's own <outbox-id@MAIL_FROM-domain>).
-- thread_references is the References header ("references" is an SQL keyword).
-- attachments: [{ "source": "documents", "id": <file id>, "name", "contentType" }]; the bytes are
-- read at send time through the source the owning module registered with the platform.
alter table mail_outbox
  add column cc text[] not null default '{}',
  add column reply_to text check (length(reply_to) <= 254),
  add column from_name text check (length(from_name) <= 200),
  add column message_id text check (length(message_id) <= 1000),
  add column in_reply_to text check (length(in_reply_to) <= 1000),
  add column thread_references text check (length(thread_references) <= 20000),
  add column attachments jsonb not null default '[]';

-- The text every reply e-mail ends with (placeholders like the e-mail templates').
alter table support_settings add column signature text not null default ''
  check (length(signature) <= 5000);

-- The template of an agent's reply e-mail ("reply"), beside the notification kinds.
alter table support_email_templates drop constraint support_email_templates_kind_check;
alter table support_email_templates add constraint support_email_templates_kind_check
  check (kind in ('opened', 'updated', 'closed', 'renewal', 'reply'));
