-- Auto-Submitted (RFC 3834) of an outgoing message: a helpdesk's automatic mails say so, so
-- the other side's auto-responders and helpdesks do not answer them (no mail ping-pong).
alter table mail_outbox
  add column auto_submitted text check (auto_submitted in ('auto-replied', 'auto-generated'));
