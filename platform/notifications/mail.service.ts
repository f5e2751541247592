import type { SystemActor } from "../../shared/http/actor.ts";
// @ts-types="@types/nodemailer"
import nodemailer from "nodemailer";
import { uuidv7 } from "uuidv7";
import { z } from "zod";
import { problems } from "../../shared/http/problem.ts";
import type { Sql } from "../../shared/db/database.ts";
import { enqueue } from "../../shared/jobs/queue.ts";
import type { JobContext } from "../../shared/jobs/dispatcher.ts";
import type { SystemJob } from "../../shared/modules.ts";
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

/** Another worker holds the message: the job tries again later instead of claiming success. */
export class MailBusy extends Error {}

/** Stable per message, so a re-send after a crash can be recognised by receivers. */
export function messageIdOf(id: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
  return `<${id}@${domain}>`;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

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
  const id = uuidv7();
  await insertMail(sql, id, mail);
  await enqueue(sql, MAIL_SEND_JOB, {
    payload: { id },
    dedupeKey: `mail:${id}`,
    maxAttempts: MAX_ATTEMPTS,
    backoffSeconds: 30,
  });
  return id;
}

const transports = new Map<string, nodemailer.Transporter>();
function transport(url: string) {
  let t = transports.get(url);
  if (!t) {
    t = nodemailer.createTransport(url, {
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
  try {
    await transport(settings.SMTP_URL).sendMail({
      from: settings.MAIL_FROM,
      to: { name: "", address: row.toAddress },
      subject: row.subject,
      text: row.textBody,
      messageId: messageIdOf(row.id, settings.MAIL_FROM),
      ...(row.htmlBody ? { html: row.htmlBody } : {}),
    });
  } catch (err) {
    const message = (err as Error).message;
    const state = row.attempts >= MAX_ATTEMPTS ? "failed" : "queued";
    await ctx.scoped((sql) => markMailFailed(sql, id, state, message));
    throw err;
  }
  await ctx.scoped((sql) => markMailSent(sql, id));
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
