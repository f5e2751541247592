import type { Platform, SystemJob } from "../../shared/modules.ts";
import type { JobContext } from "../../shared/jobs/dispatcher.ts";
import { setTenant, withScope } from "../../shared/db/scope.ts";
import { enqueue, PLATFORM_TENANT } from "../../shared/jobs/queue.ts";
import { problems } from "../../shared/http/problem.ts";
import { hashPassword } from "../../shared/auth/passwords.ts";
import { countAttempt, type ThrottlePolicy } from "../../shared/auth/throttle.ts";
import { isLocale, type Locale, t } from "../../shared/i18n/i18n.ts";
import { uuidv7 } from "uuidv7";
import { escapeHtml, queueMail } from "../notifications/public.ts";
import { activeTenantsOf, issueReset, peekReset, useReset } from "./password-reset.repo.ts";
import { actAs } from "./invitations.repo.ts";
import { endSessionsOf } from "./sessions.service.ts";
import { auditIdentity } from "./audit.service.ts";
import { hashLinkToken, LINK_TOKEN, linkTo, newLinkToken } from "./links.lib.ts";
import { enforcePassword } from "./password.rules.ts";
import "./password-reset.messages.ts";

export const PASSWORD_RESET_JOB = "identity.password-reset.send";

/** Requests for one address (whoever asks): 3 per 15 minutes, then 15 minutes' wait. */
export const RESET_ACCOUNT_POLICY: ThrottlePolicy = {
  max: 3,
  windowSeconds: 900,
  lockSeconds: 900,
};
/** Requests from one client, for any addresses: 10 per 15 minutes, then 15 minutes' wait. */
export const RESET_CLIENT_POLICY: ThrottlePolicy = {
  max: 10,
  windowSeconds: 900,
  lockSeconds: 900,
};

/** What a person is told after asking, whether or not the address has an account. */
export const RESET_ANSWER =
  "If an account uses this address, a link to reset its password is on its way. It works once, for 30 minutes.";

interface ResetJobPayload {
  email: string;
  origin: string;
  locale: string;
  address: string;
}

/**
 * Asks for a reset link. The answer and the work done here are the same whether or not the
 * address has an account: the request is counted (per client and per address, 429 past the
 * limit) and a job is queued; the job looks the account up and writes the mail. Takes the
 * platform (like sign-in): no tenant or user is known.
 */
export async function requestPasswordReset(
  platform: Platform,
  input: { email: string; address: string; origin: string; locale: Locale },
): Promise<void> {
  const { sql } = platform.db;
  const email = input.email.trim().toLowerCase();
  const wait = await withScope(sql, {}, async (tx) => {
    const client = await countAttempt(tx, `reset-client:${input.address}`, RESET_CLIENT_POLICY);
    return client > 0
      ? client
      : await countAttempt(tx, `reset-account:${email}`, RESET_ACCOUNT_POLICY);
  });
  if (wait > 0) throw problems.tooManyRequests(wait, "Too many reset requests; try again later.");
  const payload: ResetJobPayload = {
    email,
    origin: input.origin,
    locale: input.locale,
    address: input.address.slice(0, 100),
  };
  await withScope(sql, { tenantId: PLATFORM_TENANT }, (tx) =>
    enqueue(tx, PASSWORD_RESET_JOB, {
      payload,
      tenantId: PLATFORM_TENANT,
      maxAttempts: 3,
      backoffSeconds: 10,
      priority: 10,
    }));
}

/**
 * The job: when the address has an account, a new link (30 minutes, single use, only its hash
 * stored; earlier links die) goes out through the outbox of the account's first active
 * workspace, in the account's language (else the workspace's, else the asker's), and the
 * request is audited there. Nothing at all happens for an unknown address.
 */
async function sendResetLink(ctx: JobContext) {
  const p = ctx.payload as ResetJobPayload;
  await ctx.scoped(async (tx) => {
    const token = newLinkToken();
    const account = await issueReset(tx, p.email, await hashLinkToken(token), uuidv7());
    if (!account) return;
    if (!account.tenantId) {
      ctx.log("the account has no active workspace to send from");
      return;
    }
    await setTenant(tx, account.tenantId);
    const locale = [account.locale, account.tenantLocale, p.locale].find(isLocale) ?? "en";
    const link = linkTo(p.origin, `/password/reset/${token}`);
    const text = t(locale, "reset.mail.body", { name: account.name, link });
    const html = escapeHtml(t(locale, "reset.mail.body", { name: account.name, link: "\u0000" }))
      .replace("\u0000", `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`)
      .replace(/\n/g, "<br>\n");
    await queueMail({ sql: tx }, {
      to: account.email,
      subject: t(locale, "reset.mail.subject"),
      text,
      html,
    });
    await auditIdentity({ sql: tx }, {
      action: "password_reset_requested",
      summary: `A password reset link was sent to ${account.email}`,
      entityType: "user",
      entityId: account.userId,
      address: p.address,
    });
  });
}

/** Identity's jobs: the reset mail. */
export const passwordResetJobs = (): SystemJob[] => [
  { name: PASSWORD_RESET_JOB, handler: sendResetLink },
];

const deadLink = () => problems.notFound("This password reset link does not work any more.");

/** The account a reset link is for, if the link can still be used. */
export async function openResetLink(platform: Platform, token: string) {
  if (!LINK_TOKEN.test(token)) return null;
  const hash = await hashLinkToken(token);
  const row = await withScope(platform.db.sql, {}, (tx) => peekReset(tx, hash));
  return row?.usable ? { email: row.email, name: row.name } : null;
}

/**
 * Sets a new password from a reset link (once, within 30 minutes; the policy applies), then
 * ends every session of the account on every instance and audits it in each of its workspaces.
 */
export async function completePasswordReset(
  platform: Platform,
  input: { token: string; password: string; address: string },
): Promise<{ email: string }> {
  const account = await openResetLink(platform, input.token);
  if (!account) throw deadLink();
  await enforcePassword(input.password, account);
  // Hashing runs outside any transaction so it never holds the (possibly single) connection.
  const passwordHash = await hashPassword(input.password);
  const hash = await hashLinkToken(input.token);
  return await withScope(platform.db.sql, {}, async (tx) => {
    const user = await useReset(tx, hash, passwordHash);
    if (!user) throw deadLink();
    // Acting as the account: ending its sessions and personal API tokens needs it (0041).
    await actAs(tx, user.userId);
    const ended = await endSessionsOf(tx, user.userId);
    for (const tenantId of await activeTenantsOf(tx, user.userId)) {
      await setTenant(tx, tenantId);
      await auditIdentity({ sql: tx }, {
        action: "password_reset",
        summary: `${user.email} set a new password with a reset link; ${ended} session(s) ended`,
        entityType: "user",
        entityId: user.userId,
        address: input.address,
        after: { sessionsEnded: ended },
      });
    }
    return { email: user.email };
  });
}
