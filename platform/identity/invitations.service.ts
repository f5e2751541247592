import type { Platform } from "../../shared/modules.ts";
import type { Sql } from "../../shared/db/database.ts";
import type { Actor } from "../../shared/http/actor.ts";
import { setTenant, withScope } from "../../shared/db/scope.ts";
import { Problem, problems } from "../../shared/http/problem.ts";
import { hashPassword } from "../../shared/auth/passwords.ts";
import { isLocale, t } from "../../shared/i18n/i18n.ts";
import { uuidv7 } from "uuidv7";
import { escapeHtml, queueMail } from "../notifications/public.ts";
import { formatDateTime } from "../../ui/format.ts";
import {
  accountOf,
  answerInvitationRow,
  insertMembership,
  insertUser,
  userIdByEmail,
} from "./users.repo.ts";
import {
  actAs,
  activateMembership,
  currentTenantFacts,
  dropWaitingMembership,
  findInvitation,
  insertInvitation,
  invitationByTokenHash,
  invitationHash,
  type InvitationRow,
  listOpenInvitations,
  markAccepted,
  markRevoked,
  membershipStatus,
  openInvitationFor,
  renewInvitation,
} from "./invitations.repo.ts";
import { listRoles } from "./roles.repo.ts";
import { checkRoleChange } from "./admin.service.ts";
import { issueToken, type SignedIn } from "./auth.service.ts";
import type { SignInClient } from "./sessions.service.ts";
import { auditIdentity } from "./audit.service.ts";
import { hashLinkToken, LINK_TOKEN, linkTo, newLinkToken, sameHash } from "./links.lib.ts";
import { enforcePassword } from "./password.rules.ts";
import { roleName } from "./roles.labels.lib.ts";
import type { InvitationLink } from "./invitations.schemas.ts";
import { entryAddress, workspaceEntryRefusal } from "./workspace-entry.service.ts";
import "./invitations.messages.ts";

// ---------------------------------------------------------------------------------------------
// The older flow: an existing account added from the admin API sees the invitation in its shell.

/**
 * Accepts or declines an invitation of the current user into another tenant. The write runs
 * under that tenant's context (RLS allows writes only there), then the request's is restored.
 * An e-mail invitation of the same address is answered with it (a trigger, migration 0036).
 */
export async function answerInvitation(
  { sql, session }: Actor,
  { tenantId, accept, address }: { tenantId: string; accept: boolean; address?: string },
) {
  if (!await answerInvitationRow(sql, session.userId, tenantId, accept)) {
    throw problems.notFound("No such invitation.");
  }
  // The line belongs to the workspace joined (or declined), written under its policy.
  await setTenant(sql, tenantId);
  await auditIdentity({ sql }, {
    action: accept ? "member_added" : "invitation_revoked",
    summary: accept
      ? `${session.email} accepted the invitation and joined`
      : `${session.email} declined the invitation`,
    entityType: "membership",
    entityId: session.userId,
    address: address ?? null,
    after: accept ? { email: session.email, status: "active", via: "invitation" } : null,
  });
  await setTenant(sql, session.tenantId);
}

// ---------------------------------------------------------------------------------------------
// Invitations by e-mail: what admins do (the request's tenant).

/** Who sends, in the words of the mail (the inviter's name in this workspace). */
async function sendInvitationMail(
  sql: Sql,
  input: {
    email: string;
    roles: string[];
    token: string;
    origin: string;
    inviter: string;
    expiresAt: string;
  },
) {
  const tenant = await currentTenantFacts(sql);
  const locale = isLocale(tenant.locale) ? tenant.locale : "en";
  const tr = (key: Parameters<typeof t>[1], vars?: Record<string, string | number>) =>
    t(locale, key, vars);
  const roles = await listRoles(sql);
  const byKey = new Map(roles.map((r) => [r.key, r]));
  const roleText = input.roles.map((k) => roleName(tr, byKey.get(k) ?? { key: k, name: k }))
    .join(", ");
  const link = linkTo(input.origin, `/invite/${input.token}`);
  const until = formatDateTime(locale, input.expiresAt, tenant.timeZone ?? "UTC");
  const vars = { inviter: input.inviter, tenant: tenant.name, roles: roleText, until };
  const text = tr("invitations.mail.body", { ...vars, link });
  const html = escapeHtml(tr("invitations.mail.body", { ...vars, link: "\u0000" }))
    .replace("\u0000", `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`)
    .replace(/\n/g, "<br>\n");
  await queueMail({ sql }, {
    to: input.email,
    subject: tr("invitations.mail.subject", { tenant: tenant.name }),
    text,
    html,
  });
}

/** The current tenant's open invitations (pending and expired), newest first. */
export async function listInvitations(
  { sql }: Actor,
  opts: { limit: number; after?: string | null },
): Promise<InvitationRow[]> {
  return await listOpenInvitations(sql, opts);
}

/**
 * Invites an address with roles: a link (7 days, single use, only its hash stored) goes out by
 * mail in the workspace's language. An existing account also sees the invitation in its shell.
 * Refused: an address that is a member already (409), or has a waiting invitation (409: send
 * that one again); roles the inviter may not grant (403/422).
 */
export async function inviteByEmail(
  actor: Actor,
  input: { catalog: string[]; email: string; roles: string[]; origin: string; address: string },
): Promise<InvitationRow> {
  const { sql, session } = actor;
  const email = input.email.trim();
  const roles = [...new Set(input.roles)];
  await checkRoleChange(sql, session, input.catalog, roles);
  const accountId = await userIdByEmail(sql, email);
  const status = accountId ? await membershipStatus(sql, accountId) : undefined;
  if (status === "active" || status === "disabled") {
    throw new Problem(
      409,
      "already-member",
      "Conflict",
      "This address belongs to a member of this workspace already.",
    );
  }
  const open = await openInvitationFor(sql, email);
  if (open?.state === "pending") {
    throw new Problem(
      409,
      "already-invited",
      "Conflict",
      "This address has a waiting invitation; send that one again.",
    );
  }
  if (open) await markRevoked(sql, open.id); // expired: a fresh one replaces it
  const token = newLinkToken();
  const row = await insertInvitation(sql, {
    id: uuidv7(),
    email,
    roles,
    tokenHash: await hashLinkToken(token),
    invitedBy: session.userId,
  });
  if (accountId && !status) {
    await insertMembership(sql, session.tenantId, accountId, roles, { status: "invited" });
  }
  await sendInvitationMail(sql, {
    email,
    roles,
    token,
    origin: input.origin,
    inviter: session.name,
    expiresAt: row.expiresAt,
  });
  await auditIdentity(actor, {
    action: "invitation_sent",
    summary: `Invited ${email} as ${roles.join(", ")}`,
    entityType: "invitation",
    entityId: row.id,
    address: input.address,
    after: { email, roles },
  });
  return row;
}

async function openOne(sql: Sql, id: string) {
  const row = await findInvitation(sql, id);
  if (!row) throw problems.notFound("No such invitation.");
  if (row.state === "accepted" || row.state === "revoked") {
    throw new Problem(
      422,
      "invitation-closed",
      "Unprocessable Content",
      "This invitation was answered or withdrawn already.",
    );
  }
  return row;
}

/** Sends an open invitation again with a new link; the old link stops working. */
export async function resendInvitation(
  actor: Actor,
  input: { id: string; origin: string; address: string },
): Promise<InvitationRow> {
  const { sql, session } = actor;
  const row = await openOne(sql, input.id);
  const token = newLinkToken();
  await renewInvitation(sql, row.id, await hashLinkToken(token));
  const renewed = (await findInvitation(sql, row.id))!;
  await sendInvitationMail(sql, {
    email: row.email,
    roles: row.roles,
    token,
    origin: input.origin,
    inviter: session.name,
    expiresAt: renewed.expiresAt,
  });
  await auditIdentity(actor, {
    action: "invitation_resent",
    summary: `Sent the invitation of ${row.email} again`,
    entityType: "invitation",
    entityId: row.id,
    address: input.address,
    before: { sentAt: row.sentAt, expiresAt: row.expiresAt },
    after: { sentAt: renewed.sentAt, expiresAt: renewed.expiresAt },
  });
  return renewed;
}

/** Withdraws an open invitation: its link stops working, a waiting membership goes. */
export async function revokeInvitation(
  actor: Actor,
  input: { id: string; address: string },
): Promise<InvitationRow> {
  const { sql } = actor;
  const row = await openOne(sql, input.id);
  await markRevoked(sql, row.id);
  const accountId = await userIdByEmail(sql, row.email);
  if (accountId) await dropWaitingMembership(sql, accountId);
  await auditIdentity(actor, {
    action: "invitation_revoked",
    summary: `Withdrew the invitation of ${row.email}`,
    entityType: "invitation",
    entityId: row.id,
    address: input.address,
    before: { email: row.email, roles: row.roles },
  });
  return (await findInvitation(sql, row.id))!;
}

// ---------------------------------------------------------------------------------------------
// The link: opened before any tenant is known. These take the platform (like sign-in) and open
// their own short transactions: the link's tenant is found by a definer function, then the work
// runs under that tenant's policy.

/** Points the transaction at the link's tenant; the invitation, or undefined. */
async function enterLink(tx: Sql, token: string) {
  if (!LINK_TOKEN.test(token)) return undefined;
  const hash = await hashLinkToken(token);
  const found = await invitationByTokenHash(tx, hash);
  if (!found) return undefined;
  await setTenant(tx, found.tenantId);
  const stored = await invitationHash(tx, found.id);
  if (!stored || !sameHash(stored, hash)) return undefined;
  const row = await findInvitation(tx, found.id);
  const tenant = await currentTenantFacts(tx);
  return row && tenant ? { row, tenant } : undefined;
}

/** What the link's page shows: the invitation's state, workspace, address and roles. */
export async function openInvitationLink(
  platform: Platform,
  token: string,
): Promise<InvitationLink | null> {
  return await withScope(platform.db.sql, {}, async (tx) => {
    const found = await enterLink(tx, token);
    if (!found) return null;
    const { row, tenant } = found;
    return {
      state: row.state,
      tenantId: tenant.id,
      tenantName: tenant.name,
      tenantSlug: tenant.slug,
      invitationId: row.id,
      email: row.email,
      roles: row.roles,
      accountId: (await userIdByEmail(tx, row.email)) ?? null,
    };
  });
}

const deadLink = () => problems.notFound("This invitation link does not work any more.");

/**
 * Joins the link's workspace as an account (in the link's tenant scope, acting as that account):
 * the invitation is taken once, the membership made active with its roles. Audited.
 */
async function join(
  tx: Sql,
  token: string,
  account: { id: string; email: string },
  opts: { created: boolean; address: string },
) {
  const found = await enterLink(tx, token);
  if (!found || found.row.state !== "pending") throw deadLink();
  const { row, tenant } = found;
  if (row.email.toLowerCase() !== account.email.toLowerCase()) {
    throw problems.forbidden("This invitation is for another address.");
  }
  await actAs(tx, account.id);
  if (!await markAccepted(tx, row.id, account.id)) throw deadLink();
  const status = opts.created ? undefined : await membershipStatus(tx, account.id);
  if (status === "disabled") {
    throw problems.conflict("Your membership of this workspace is disabled.");
  }
  if (status === "invited") await activateMembership(tx, account.id, row.roles);
  else if (!status) await insertMembership(tx, tenant.id, account.id, row.roles);
  await auditIdentity({ sql: tx }, {
    action: "invitation_accepted",
    summary: `${row.email} accepted the invitation`,
    entityType: "invitation",
    entityId: row.id,
    address: opts.address,
    after: { email: row.email, roles: row.roles },
  });
  if (status !== "active") {
    await auditIdentity({ sql: tx }, {
      action: "member_added",
      summary: `${row.email} joined as ${row.roles.join(", ")} (invitation)`,
      entityType: "membership",
      entityId: account.id,
      address: opts.address,
      after: { email: row.email, roles: row.roles, status: "active", via: "invitation" },
    });
  }
  return tenant;
}

/**
 * An accepted invitation: signed in to the workspace, or (its "SSO required" or two-factor policy
 * asks more than the link proves) joined but sent to the workspace's sign-in (`signInAt`: its
 * sign-in page, where the password leads into the enrolment step, or its single sign-on start).
 */
export type Accepted = { signedIn: SignedIn } | { signInAt: string };

/** Signs the joined account in, unless the workspace's rules send it to the workspace's sign-in. */
async function enter(
  tx: Sql,
  platform: Platform,
  user: { id: string; email: string; name: string; locale: string | null },
  tenant: { id: string; slug: string; name: string },
  client: SignInClient,
): Promise<Accepted> {
  const refusal = await workspaceEntryRefusal({ sql: tx }, { userId: user.id, tenant });
  if (refusal) return { signInAt: entryAddress(refusal) };
  return { signedIn: await issueToken(tx, platform, user, tenant, client) };
}

/**
 * A new person accepts: name and password (the policy applies; the address counts as verified
 * by the link), the account is created, joins, and is signed in to the workspace (or sent to its
 * sign-in, see Accepted).
 */
export async function acceptAsNewPerson(
  platform: Platform,
  input: { token: string; name: string; password: string; client: SignInClient },
): Promise<Accepted> {
  const link = await openInvitationLink(platform, input.token);
  if (!link || link.state !== "pending") throw deadLink();
  if (link.accountId) throw problems.conflict("An account with this address exists; sign in.");
  await enforcePassword(input.password, { email: link.email, name: input.name });
  // Hashing runs outside any transaction so it never holds the (possibly single) connection.
  const passwordHash = await hashPassword(input.password);
  return await withScope(platform.db.sql, {}, async (tx) => {
    if (await userIdByEmail(tx, link.email)) {
      throw problems.conflict("An account with this address exists; sign in.");
    }
    const user = await insertUser(tx, { email: link.email, name: input.name, passwordHash });
    const tenant = await join(tx, input.token, user, {
      created: true,
      address: input.client.address ?? "",
    });
    return await enter(tx, platform, user, tenant, input.client);
  });
}

/**
 * The signed-in account the invitation is for presses Join: it joins and gets a token for the
 * link's workspace (the caller revokes the old one, as a tenant switch does), or is sent to its
 * sign-in (see Accepted; the caller's session stays as it is).
 */
export async function acceptAsSignedIn(
  { sql, session }: Actor,
  input: { platform: Platform; token: string; client: SignInClient },
): Promise<Accepted> {
  const previous = session.tenantId;
  const user = await accountOf(sql, session.userId);
  try {
    const tenant = await join(sql, input.token, user, {
      created: false,
      address: input.client.address ?? "",
    });
    return await enter(sql, input.platform, user, tenant, input.client);
  } finally {
    await setTenant(sql, previous);
  }
}
