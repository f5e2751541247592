/**
 * The mailboxes' jobs: the intake of one stored message (intakeMessage, in
 * modules/support/mail), a pass over one IMAP mailbox ("check now", retries of refused
 * messages), and the sweep every minute over the IMAP mailboxes no instance watches (the
 * safety net under the IDLE watcher, mailboxes.watch.service.ts).
 */
import type { SystemJob } from "../../../shared/modules.ts";
import type { JobContext } from "../../../shared/jobs/dispatcher.ts";
import { intakeMessage } from "../mail/mail.intake.service.ts";
import { INTAKE_JOB } from "./mailboxes.store.service.ts";
import { pollMailbox } from "./mailboxes.imap.service.ts";
import { errorText } from "./mailboxes.rules.ts";
import { imapTenants, markIntakeFailed, unwatchedImapMailboxes } from "./mailboxes.repo.ts";

export const POLL_JOB = "support.mail.poll";
export const SWEEP_JOB = "support.mail.sweep";

const idOf = (payload: unknown, key: string) => {
  const v = (payload as Record<string, unknown> | null)?.[key];
  if (typeof v !== "string") throw new Error(`payload.${key} is missing`);
  return v;
};

/**
 * Runs the intake in the job's transaction. When its last attempt fails, the message goes to the
 * failed list with the error, so it can be seen and retried instead of waiting forever.
 */
async function intake(ctx: JobContext) {
  const id = idOf(ctx.payload, "id");
  try {
    await ctx.scoped((sql) => intakeMessage({ sql, bus: ctx.bus }, id));
  } catch (err) {
    if (ctx.attempt >= ctx.job.maxAttempts) {
      await ctx.scoped((sql) => markIntakeFailed(sql, id, `intake error: ${errorText(err)}`));
    }
    throw err;
  }
}

async function poll(ctx: JobContext) {
  const mailboxId = idOf(ctx.payload, "mailboxId");
  await pollMailbox((fn) => ctx.scoped(fn), ctx.bus, ctx.tenantId!, mailboxId);
}

async function sweep(ctx: JobContext) {
  for (const id of await ctx.scoped((sql) => unwatchedImapMailboxes(sql))) {
    if (ctx.signal.aborted) return;
    await pollMailbox((fn) => ctx.scoped(fn), ctx.bus, ctx.tenantId!, id);
  }
}

export const mailboxJobs: SystemJob[] = [
  { name: INTAKE_JOB, handler: intake },
  { name: POLL_JOB, handler: poll },
  {
    name: SWEEP_JOB,
    handler: sweep,
    schedule: { cron: "* * * * *", perTenant: true, tenantsWithWork: (tx) => imapTenants(tx) },
  },
];
