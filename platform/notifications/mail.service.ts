import { Buffer } from "node:buffer";
import type { SystemActor } from "../../shared/http/actor.ts";
// @ts-types="@types/nodemailer"
import type nodemailer from "nodemailer";
import { uuidv7 } from "uuidv7";
import { z } from "zod";
import { problems } from "../../shared/http/problem.ts";
import type { Sql } from "../../shared/db/database.ts";
import { enqueue } from "../../shared/jobs/queue.ts";
import type { JobContext } from "../../shared/jobs/dispatcher.ts";
import type { SystemJob } from "../../shared/modules.ts";
import { escapeHtml } from "./templates.lib.ts";
import { lazy } from "../../shared/lazy.ts";
import type { MailAttachmentRef, OutgoingMail } from "./mail.schemas.ts";
import {
  claimMail,
  insertMail,
  mailState,
  markMailFailed,
  markMailSent,
  stalledMail,
  stalledMailTenants,
} from "./mail.repo.ts";

export { listOutbox, type OutboxRow } from "./mail.repo.ts";

export const MAIL_SEND_JOB = "platform.mail.send";
const SINGLE_ADDRESS = z.email().max(254);
export const MAIL_FLUSH_JOB = "platform.mail.flush";
const MAX_ATTEMPTS = 8;
/**
 * How long a worker may hold a message in `sending`. Every SMTP step times out well within it
 * (SMTP_TIMEOUT_MS), so a claim older than this belongs to a worker that died mid-send.
 */
export const SEND_LEASE_SECONDS = 120;
const SMTP_TIMEOUT_MS = 30_000;

/** The bare address of `Name <address>` (or the whole value). */
const addressOf = (from: string) => /<([^<>\s]+)>\s*$/.exec(from)?.[1] ?? from.trim();

/** Another worker holds the message: the job tries again later instead of claiming success. */
export class MailBusy extends Error {}

/** Stable per message, so a re-send after a crash can be recognised by receivers. */
export function messageIdOf(id: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
  return `<${id}@${domain}>`;
}

export type { MailAttachmentRef, OutgoingMail };

/**
 * Reads an attachment's bytes at send time, in the message's tenant (`scoped` opens a short
 * transaction there). The platform imports no module: a module registers its source by name.
 * Null when the file is gone for good (deleted): the message goes without it, saying so; a
 * throw (e.g. storage unreachable) fails the attempt for a retry.
 */
export type MailAttachmentSource = (
  scoped: <T>(fn: (sql: Sql) => Promise<T>) => Promise<T>,
  id: string,
) => Promise<Uint8Array | null>;

/** The body line for a file deleted before sending, when its sender gave none. */
const missingNote = (a: MailAttachmentRef) =>
  a.missingNote ?? `The file "${a.name}" could not be attached: it was deleted before sending.`;

/** The message's bodies with a line for each file that could not be attached. */
function withNotes(text: string, html: string | null, notes: string[]) {
  if (!notes.length) return { text, html };
  const paragraphs = notes.map((n) => `<p>${escapeHtml(n)}</p>`).join("\n");
  return {
    text: `${text}\n\n${notes.join("\n")}`,
    html: html === null
      ? null
      : /<\/body>/i.test(html)
      ? html.replace(/<\/body>/i, () => `${paragraphs}\n</body>`)
      : `${html}\n${paragraphs}`,
  };
}

const attachmentSources = new Map<string, MailAttachmentSource>();

/** Makes `source` (e.g. "documents") readable for outbox attachments. */
export function registerMailAttachmentSource(source: string, read: MailAttachmentSource) {
  attachmentSources.set(source, read);
}

/** A new Message-ID on `domain` (e.g. the reply-to mailbox's), for mail that threads. */
export function newMessageId(domain: string): string {
  const clean = /^[A-Za-z0-9.-]{1,200}$/.test(domain) ? domain.toLowerCase() : "localhost";
  return `<${uuidv7()}@${clean}>`;
}

const MESSAGE_IDS = /^(<[^<>\s]{1,998}>)(\s+<[^<>\s]{1,998}>)*$/;

export interface MailSettings {
  SMTP_URL?: string;
  MAIL_FROM: string;
}

/**
 * Puts a message in the outbox in the caller's transaction (so it exists only if the change
 * that caused it commits) and schedules its delivery.
 */
export async function queueMail(
  { sql }: Pick<SystemActor, "sql">,
  mail: OutgoingMail,
): Promise<string> {
  // One plain address: a list or a line break here would add recipients or headers.
  if (!SINGLE_ADDRESS.safeParse(mail.to).success) {
    throw problems.unprocessable(
      `Not a single e-mail address: ${JSON.stringify(mail.to.slice(0, 80))}`,
    );
  }
  for (const cc of mail.cc ?? []) {
    if (!SINGLE_ADDRESS.safeParse(cc).success) {
      throw problems.unprocessable(
        `Not a single e-mail address: ${JSON.stringify(cc.slice(0, 80))}`,
      );
    }
  }
  if (mail.replyTo !== undefined && !SINGLE_ADDRESS.safeParse(mail.replyTo).success) {
    throw problems.unprocessable("Reply-To is not a single e-mail address.");
  }
  // Header values: a line break would start a header of its own.
  for (const ids of [mail.messageId, mail.inReplyTo, mail.references]) {
    if (ids !== undefined && !MESSAGE_IDS.test(ids)) {
      throw problems.unprocessable("Not a list of Message-IDs.");
    }
  }
  for (const a of mail.attachments ?? []) {
    if (!attachmentSources.has(a.source)) throw new Error(`no mail attachment source ${a.source}`);
  }
  const id = uuidv7();
  await insertMail(sql, id, {
    ...mail,
    fromName: mail.fromName?.replace(/[\r\n]+/g, " ").trim() || undefined,
  });
  await enqueue(sql, MAIL_SEND_JOB, {
    payload: { id },
    dedupeKey: `mail:${id}`,
    maxAttempts: MAX_ATTEMPTS,
    backoffSeconds: 30,
  });
  return id;
}

// nodemailer loads when the first message is sent (docs/architecture.md, "The request hot path").
// @ts-types="@types/nodemailer"
const mailer = lazy(async () => (await import("nodemailer")).default);
const transports = new Map<string, nodemailer.Transporter>();
async function transport(url: string) {
  let t = transports.get(url);
  if (!t) {
    t = (await mailer()).createTransport(url, {
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    });
    transports.set(url, t);
  }
  return t;
}

/**
 * Sends one outbox message. The row is claimed with a lease first so two workers never both send
 * it; a claim whose lease ran out means a worker died mid-send — the message is marked
 * "interrupted" and sent again with the same Message-ID. A message another worker is sending
 * right now makes the job fail for a retry (MailBusy): the job never reports a send it did not
 * see through.
 */
async function sendOne(ctx: JobContext, settings: Required<MailSettings>, id: string) {
  const claim = await ctx.scoped(async (sql) => {
    const r = await claimMail(sql, id, SEND_LEASE_SECONDS);
    if (r) return { row: r };
    return { state: await mailState(sql, id) ?? "gone" };
  });
  if (!("row" in claim)) {
    if (claim.state === "sending") {
      throw new MailBusy(`message ${id} is being sent by another worker; checking again later`);
    }
    return ctx.log(`message ${id} is ${claim.state}: nothing to send`);
  }
  const row = claim.row!;
  const notes: string[] = [];
  try {
    // Read before sending: a file that cannot be read fails this attempt (retried later); a
    // deleted one never comes back, so the message goes without it and says so.
    const files: { filename: string; contentType: string; content: Uint8Array; cid?: string }[] =
      [];
    for (const a of (row.attachments ?? []) as MailAttachmentRef[]) {
      const read = attachmentSources.get(a.source);
      if (!read) throw new Error(`no mail attachment source ${a.source}`);
      const content = await read(ctx.scoped, a.id);
      if (content) {
        files.push({
          filename: a.name,
          contentType: a.contentType,
          content,
          ...(a.cid ? { cid: a.cid } : {}),
        });
      } else notes.push(missingNote(a));
    }
    const body = withNotes(row.textBody, row.htmlBody ?? null, notes);
    const from = row.fromName
      ? { name: row.fromName, address: addressOf(settings.MAIL_FROM) }
      : settings.MAIL_FROM;
    await (await transport(settings.SMTP_URL)).sendMail({
      from,
      to: { name: "", address: row.toAddress },
      ...(row.cc?.length ? { cc: row.cc.map((address: string) => ({ name: "", address })) } : {}),
      ...(row.replyTo ? { replyTo: { name: "", address: row.replyTo } } : {}),
      subject: row.subject,
      text: body.text,
      messageId: row.messageId ?? messageIdOf(row.id, settings.MAIL_FROM),
      ...(row.inReplyTo ? { inReplyTo: row.inReplyTo } : {}),
      ...(row.threadReferences ? { references: row.threadReferences } : {}),
      ...(row.autoSubmitted ? { headers: { "Auto-Submitted": row.autoSubmitted } } : {}),
      ...(body.html ? { html: body.html } : {}),
      ...(files.length
        ? { attachments: files.map((f) => ({ ...f, content: Buffer.from(f.content) })) }
        : {}),
    });
  } catch (err) {
    const message = (err as Error).message;
    const state = row.attempts >= MAX_ATTEMPTS ? "failed" : "queued";
    await ctx.scoped((sql) => markMailFailed(sql, id, state, message));
    throw err;
  }
  await ctx.scoped((sql) => markMailSent(sql, id, notes.length ? notes.join("\n") : null));
  ctx.log(`sent ${id} to ${row.toAddress}`);
}

/** The workspaces with stalled mail (the scheduler's sweep, as the worker role). */
export function tenantsWithStalledMail(sql: Sql): Promise<string[]> {
  return stalledMailTenants(sql, SEND_LEASE_SECONDS);
}

/** Delivery jobs. Without SMTP_URL, mail stays in the outbox (visible on /admin/outbox). */
export function mailJobs(settings: MailSettings): SystemJob[] {
  const configured = settings.SMTP_URL ? settings as Required<MailSettings> : null;
  const jobs: SystemJob[] = [
    {
      name: MAIL_SEND_JOB,
      handler: async (ctx) => {
        if (!configured) return ctx.log("no SMTP_URL configured: the message stays in the outbox");
        await sendOne(ctx, configured, (ctx.payload as { id: string }).id);
      },
    },
  ];
  // Picks up what the per-message jobs could not send (no SMTP at the time, crashes); only
  // scheduled when there is an SMTP server to send to.
  if (configured) {
    jobs.push({
      name: MAIL_FLUSH_JOB,
      schedule: { cron: "*/5 * * * *", perTenant: true, tenantsWithWork: tenantsWithStalledMail },
      handler: async (ctx) => {
        // Waiting ones, and ones whose sender died (lease run out); not ones being sent now.
        const pending = await ctx.scoped((sql) => stalledMail(sql, SEND_LEASE_SECONDS));
        for (const { id } of pending) await sendOne(ctx, configured, id).catch(() => {});
      },
    });
  }
  return jobs;
}
