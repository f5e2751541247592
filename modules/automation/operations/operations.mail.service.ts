/**
 * `platform.mail.send`: an agent's e-mail through the platform outbox (delivered by the mail
 * jobs, retried there). Gated by `automation.agent.write` — a permission only agent editors
 * hold and can grant, since mail leaves the tenant under the platform's sender address —
 * capped per run against runaway loops, and recorded on the run in the activity log.
 */
import { z } from "@hono/zod-openapi";
import type { Actor } from "../../../shared/http/actor.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import { queueMail } from "../../../platform/notifications/public.ts";
import { type OperationContext, OperationError } from "./operations.lib.ts";
import { lockRunMail, mailedByRun } from "./operations.repo.ts";

export const MAIL_PERMISSION = "automation.agent.write";
export const MAX_MAIL_RECIPIENTS = 50;
/** E-mails one run may queue in all (its attempts together). */
export const MAILS_PER_RUN = 100;
const MAILED = "mailed";

export const MailInput = z.object({
  to: z.array(z.email().max(254)).min(1).max(MAX_MAIL_RECIPIENTS),
  // One line: a line break in a subject is a header of its own.
  subject: z.string().trim().min(1).max(300).regex(/^[^\r\n]*$/, "must be one line"),
  text: z.string().min(1).max(100_000),
  html: z.string().min(1).max(200_000).optional(),
}).strict();
export type MailInput = z.infer<typeof MailInput>;

/** Queues one message per recipient (the same address once) in the caller's transaction. */
export async function sendMail(
  actor: Actor,
  { mail: input, run }: { mail: MailInput; run: OperationContext | null },
) {
  if (!run) throw new OperationError("platform.mail.send is available only inside a run");
  const seen = new Set<string>();
  const to = input.to.filter((a) => !seen.has(a.toLowerCase()) && seen.add(a.toLowerCase()));
  // Sandbox calls are transactions of their own and may run side by side: one at a time per
  // run, so the count below holds until this call's lines commit.
  await lockRunMail(actor.sql, run.runId);
  const sent = await mailedByRun(actor.sql, run.runId, MAILED);
  if (sent + to.length > MAILS_PER_RUN) {
    throw new OperationError(
      `a run may send at most ${MAILS_PER_RUN} e-mails: ${sent} sent, ${to.length} more refused`,
    );
  }
  for (const address of to) {
    await queueMail(actor, {
      to: address,
      subject: input.subject,
      text: input.text,
      html: input.html,
    });
  }
  await recordActivity(actor, {
    module: "automation",
    entityType: "run",
    entityId: run.runId,
    action: MAILED,
    summary: `${run.agentName} e-mailed "${input.subject}" to ${to.length} ${
      to.length === 1 ? "recipient" : "recipients"
    }`,
    after: { agentId: run.agentId, subject: input.subject, to, count: to.length },
  });
  return { queued: to.length, to, subject: input.subject };
}
