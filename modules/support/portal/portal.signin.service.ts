/**
 * Magic-link sign-in to the customer portal. Asking for a link answers the same, and does the
 * same work, whether or not the address is a customer's: the request is counted (per client and
 * per address) and a job is queued; the job looks the customer up and writes the mail.
 */
import type { Context } from "hono";
import { uuidv7 } from "uuidv7";
import type { AppEnv, SystemJob } from "../../../shared/modules.ts";
import type { JobContext } from "../../../shared/jobs/dispatcher.ts";
import { withScope } from "../../../shared/db/scope.ts";
import { enqueue } from "../../../shared/jobs/queue.ts";
import { problems } from "../../../shared/http/problem.ts";
import { countAttempt, type ThrottlePolicy } from "../../../shared/auth/throttle.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { escapeHtml, queueMail } from "../../../platform/notifications/public.ts";
import {
  clientAddress,
  hashLinkToken,
  LINK_TOKEN,
  linkTo,
  newLinkToken,
  requireMailOrigin,
} from "../../../platform/identity/public.ts";
import {
  consumeMagicLink,
  customerByEmail,
  insertMagicLink,
  peekMagicLink,
  revokePortalSession,
} from "./portal.repo.ts";
import { MAGIC_LINK_MINUTES, portalPath, type PortalTenant } from "./portal.rules.ts";
import {
  clearPortalSession,
  readPortalSession,
  startPortalSession,
} from "./portal.session.service.ts";
import "./portal.messages.ts";

export const PORTAL_LINK_JOB = "support.portal.link.send";

/** Links asked for one address of one workspace: 3 per 15 minutes, then 15 minutes' wait. */
export const LINK_ADDRESS_POLICY: ThrottlePolicy = { max: 3, windowSeconds: 900, lockSeconds: 900 };
/** Links asked from one client, for any address: 10 per 15 minutes, then 15 minutes' wait. */
export const LINK_CLIENT_POLICY: ThrottlePolicy = { max: 10, windowSeconds: 900, lockSeconds: 900 };

const EMAIL = /^[^\s@<>,;"]{1,64}@[^\s@<>,;"]{1,190}\.[^\s@<>,;"]{1,63}$/;

export const isPortalEmail = (email: string) => EMAIL.test(email) && email.length <= 254;

interface LinkJobPayload {
  email: string;
  origin: string;
  slug: string;
  workspace: string;
  locale: string;
}

/**
 * Asks for a sign-in link for `email` at `tenant`: 429 past either limit; otherwise a job is
 * queued, known address or not.
 */
export async function requestMagicLink(
  c: Context<AppEnv>,
  input: { tenant: PortalTenant; email: string; locale: string },
) {
  const { platform } = c.var;
  const email = input.email.trim().toLowerCase();
  const address = clientAddress(c);
  const origin = requireMailOrigin(c.req.url, (n) => c.req.header(n), platform.config);
  const wait = await withScope(platform.db.sql, {}, async (tx) => {
    const client = await countAttempt(tx, `portal-client:${address}`, LINK_CLIENT_POLICY);
    return client > 0 ? client : await countAttempt(
      tx,
      `portal-address:${input.tenant.id}:${email}`,
      LINK_ADDRESS_POLICY,
    );
  });
  if (wait > 0) throw problems.tooManyRequests(wait, "Too many sign-in links asked for.");
  const payload: LinkJobPayload = {
    email,
    origin,
    slug: input.tenant.slug,
    workspace: input.tenant.name,
    locale: input.locale,
  };
  await withScope(
    platform.db.sql,
    { tenantId: input.tenant.id },
    (tx) =>
      enqueue(tx, PORTAL_LINK_JOB, {
        payload,
        tenantId: input.tenant.id,
        maxAttempts: 3,
        backoffSeconds: 10,
        priority: 10,
      }),
  );
}

/** The job: for a customer with that address, a new link in the customer's language. */
async function sendLink(ctx: JobContext) {
  const p = ctx.payload as LinkJobPayload;
  await ctx.scoped(async (tx) => {
    const customer = await customerByEmail(tx, p.email);
    if (!customer) return;
    const token = newLinkToken();
    await insertMagicLink(tx, {
      id: uuidv7(),
      customerId: customer.id,
      tokenHash: await hashLinkToken(token),
      minutes: MAGIC_LINK_MINUTES,
    });
    const locale = customer.locale === "tr" || customer.locale === "en"
      ? customer.locale
      : p.locale;
    const link = linkTo(p.origin, portalPath(p.slug, `/sign-in/${token}`));
    const vars = { name: customer.name, workspace: p.workspace };
    const text = t(locale, "portal.mail.body", { ...vars, link });
    const html = escapeHtml(t(locale, "portal.mail.body", { ...vars, link: "\u0000" }))
      .replace("\u0000", `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`)
      .replace(/\n/g, "<br>\n");
    await queueMail({ sql: tx }, {
      to: customer.email,
      subject: t(locale, "portal.mail.subject", { workspace: p.workspace }),
      text,
      html,
    });
  });
}

/** The portal's jobs: the sign-in link mail. */
export const portalJobs: SystemJob[] = [{ name: PORTAL_LINK_JOB, handler: sendLink }];

/** Whether a link of this tenant can still be used (GET shows the confirm button only then). */
export async function linkUsable(c: Context<AppEnv>, tenantId: string, token: string) {
  if (!LINK_TOKEN.test(token)) return false;
  const hash = await hashLinkToken(token);
  const row = await withScope(c.var.platform.db.sql, { tenantId }, (tx) => peekMagicLink(tx, hash));
  return row?.usable ?? false;
}

/**
 * Uses a link once and signs its customer in (the portal cookie). False when the link is not
 * this tenant's, is used or has expired.
 */
export async function signInWithLink(c: Context<AppEnv>, tenantId: string, token: string) {
  if (!LINK_TOKEN.test(token)) return false;
  const hash = await hashLinkToken(token);
  const customerId = await withScope(
    c.var.platform.db.sql,
    { tenantId },
    (tx) => consumeMagicLink(tx, hash),
  );
  if (!customerId) return false;
  await startPortalSession(c, { customerId, tenantId });
  return true;
}

/** Ends the portal session: the cookie goes, and its token is refused from now on. */
export async function signOutOfPortal(c: Context<AppEnv>) {
  const claims = await readPortalSession(c);
  clearPortalSession(c);
  if (!claims) return;
  await withScope(
    c.var.platform.db.sql,
    { tenantId: claims.tenantId },
    (tx) => revokePortalSession(tx, claims.revocationKey, claims.expiresAt),
  );
}
