import type { Sql } from "../../shared/db/database.ts";
import type { OutboxRow, OutgoingMail } from "./mail.schemas.ts";

export type { OutboxRow };

export async function listOutbox(sql: Sql, opts: { state?: string; limit: number }) {
  return await sql<OutboxRow[]>`
    select id, to_address, subject, state, attempts, last_error, created_at, sent_at, interrupted_at
    from mail_outbox ${opts.state ? sql`where state = ${opts.state}` : sql``}
    order by created_at desc, id desc limit ${opts.limit}`;
}

/** A new outbox message, in the caller's transaction. */
export async function insertMail(
  sql: Sql,
  id: string,
  mail: OutgoingMail,
) {
  await sql`
    insert into mail_outbox (tenant_id, id, to_address, subject, text_body, html_body, cc,
      reply_to, from_name, message_id, in_reply_to, thread_references, attachments,
      auto_submitted)
    values (nullif(current_setting('app.tenant_id', true), '')::uuid, ${id}, ${mail.to},
            ${mail.subject}, ${mail.text}, ${mail.html ?? null}, ${mail.cc ?? []}::text[],
            ${mail.replyTo ?? null}, ${mail.fromName ?? null}, ${mail.messageId ?? null},
            ${mail.inReplyTo ?? null}, ${mail.references ?? null},
            ${sql.json((mail.attachments ?? []) as never)}, ${mail.autoSubmitted ?? null})`;
}

/**
 * Claims a message for sending with a lease: a queued one, or one whose sender's lease ran out
 * (then marked interrupted). Undefined when it cannot be claimed now.
 */
export async function claimMail(sql: Sql, id: string, leaseSeconds: number) {
  const [r] = await sql`
      update mail_outbox set state = 'sending', attempts = attempts + 1, claimed_at = now(),
        interrupted_at = case when state = 'sending' then now() else interrupted_at end
      where id = ${id} and (state = 'queued' or (state = 'sending' and
        claimed_at < now() - make_interval(secs => ${leaseSeconds})))
      returning id, to_address, subject, text_body, html_body, attempts, cc, reply_to, from_name,
        message_id, in_reply_to, thread_references, attachments, auto_submitted`;
  return r;
}

export async function mailState(sql: Sql, id: string): Promise<string | undefined> {
  const [now] = await sql<{ state: string }[]>`select state from mail_outbox where id = ${id}`;
  return now?.state;
}

export async function markMailFailed(sql: Sql, id: string, state: string, message: string) {
  await sql`update mail_outbox set state = ${state}, last_error = ${message} where id = ${id}`;
}

/** Sent; `note` stays in last_error when it went out short of something (a deleted file). */
export async function markMailSent(sql: Sql, id: string, note: string | null = null) {
  await sql`update mail_outbox set state = 'sent', sent_at = now(), last_error = ${note}
    where id = ${id}`;
}

/** The workspaces with stalled mail (the scheduler's sweep, as the worker role). */
export async function stalledMailTenants(sql: Sql, leaseSeconds: number): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`select mail_flush_tenants(${leaseSeconds}) as id`;
  return rows.map((r) => r.id);
}

/** Waiting messages, and ones whose sender died (lease run out); not ones being sent now. */
export async function stalledMail(sql: Sql, leaseSeconds: number) {
  return await sql`select id from mail_outbox
              where mail_outbox_stalled(state, created_at, claimed_at, ${leaseSeconds})
              order by created_at limit 100`;
}
