-- Mail outbox after a crash (issue 18, defect 3): a send interrupted mid-SMTP may or may not have
-- reached the server. Such a message is marked, re-sent with the same Message-ID (receivers can
-- drop the duplicate), and the outbox page says it may have arrived twice.
alter table mail_outbox add column interrupted_at timestamptz;
