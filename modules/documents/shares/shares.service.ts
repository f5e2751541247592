import type { Sql } from "../../../shared/db/database.ts";
import type { Session } from "../../../shared/http/env.ts";
import type { Actor, SystemActor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { hashPassword, verifyPassword } from "../../../shared/auth/passwords.ts";
import { eventPublisher, notify } from "../../../platform/notifications/public.ts";
import { documentsEvents } from "../events.ts";
import { membersWithRole } from "../../../platform/identity/public.ts";
import { withScope } from "../../../shared/db/scope.ts";
import { countAttempt, type ThrottlePolicy } from "../../../shared/auth/throttle.ts";
import { atLeast } from "../access/access.rules.ts";
import { loadAccess } from "../access/access.service.ts";
import { audit } from "../audit/audit.repo.ts";
import { checkPrincipals, visibleFolder } from "../folders/folders.service.ts";
import { visibleFile } from "../files/files.service.ts";
import { isUuid } from "../files/files.repo.ts";
import { loadSettings } from "../settings/settings.service.ts";
import {
  countAccess,
  findShare,
  insertShare,
  lockedFor,
  lookupToken,
  revokeShare,
  sharedWithMe,
  type ShareRow,
  sharesOf,
} from "./shares.repo.ts";
import { newToken, passwordProof, TOKEN } from "./tokens.lib.ts";
import { sha256Hex } from "../../../shared/crypto/bytes.ts";
import { shareView } from "./shares.lib.ts";

const publish = eventPublisher(documentsEvents);

type Who = Pick<Session, "userId" | "roles" | "permissions" | "name">;

export interface NewShare {
  targetType: "file" | "folder";
  targetId: string;
  kind: "user" | "group" | "public";
  principalId?: string;
  level?: "view" | "edit";
  expiresAt?: string;
  password?: string;
}

/** The target must be visible, and sharing it needs edit access to it. */
async function target(sql: Sql, who: Who, type: "file" | "folder", id: string) {
  const access = await loadAccess({ sql, session: who });
  if (!isUuid(id)) throw problems.notFound();
  if (type === "file") {
    const f = await visibleFile({ sql }, { access: access, id: id });
    return { name: f.name, level: access.file(f), access };
  }
  const d = await visibleFolder({ sql }, { access: access, id: id });
  return { name: d.name, level: access.folder(id), access };
}

export async function createShare({ sql, bus, session: who }: Actor, body: NewShare) {
  const t = await target(sql, who, body.targetType, body.targetId);
  t.access.require(t.level, "edit");
  if (body.expiresAt && Date.parse(body.expiresAt) <= Date.now()) {
    throw problems.unprocessable("The expiry date is in the past.");
  }
  if (body.kind !== "public") {
    if (!body.principalId) {
      throw problems.validation([{ path: "body.principalId", message: "Required" }]);
    }
    await checkPrincipals({ sql }, [{
      principalType: body.kind === "user" ? "user" : "role",
      principalId: body.principalId,
    }]);
  }
  const token = body.kind === "public" ? newToken() : null;
  const share = await insertShare(sql, {
    targetType: body.targetType,
    targetId: body.targetId,
    kind: body.kind,
    principalId: body.kind === "public" ? null : body.principalId!,
    level: body.kind === "public" ? "view" : body.level ?? "view",
    tokenHash: token ? await sha256Hex(token) : null,
    passwordHash: body.password ? await hashPassword(body.password) : null,
    expiresAt: body.expiresAt ?? null,
  });
  await audit(
    sql,
    body.targetType,
    body.targetId,
    "shared",
    `Shared ${t.name} (${body.kind}${share.principalName ? ` ${share.principalName}` : ""})`,
    null,
    {
      shareId: share.id,
      kind: body.kind,
      principalId: share.principalId,
      // The same principal by kind, so a history can name a member or label a role.
      userId: body.kind === "user" ? share.principalId : undefined,
      group: body.kind === "group" ? share.principalId : undefined,
      level: share.level,
      expiresAt: share.expiresAt,
    },
  );
  await publish(sql, "documents.share.created", {
    shareId: share.id,
    targetType: body.targetType,
    targetId: body.targetId,
    targetName: t.name,
    kind: body.kind,
    principalId: share.principalId,
    expiresAt: share.expiresAt ? new Date(share.expiresAt).toISOString() : null,
    actorId: who.userId,
  });
  const recipients = body.kind === "user"
    ? [body.principalId!]
    : body.kind === "group"
    ? await membersWithRole(sql, body.principalId!)
    : [];
  const link = body.targetType === "file"
    ? `/documents/files?file=${body.targetId}`
    : `/documents/files?folder=${body.targetId}`;
  for (const userId of recipients.filter((u) => u !== who.userId)) {
    await notify({ sql, bus }, {
      userId,
      module: "documents",
      title: `${who.name} shared “${t.name}” with you`,
      link,
    });
  }
  return { ...shareView(share), token, url: token ? `/s/${token}` : null };
}

async function managedShare(sql: Sql, who: Who, id: string) {
  const s = isUuid(id) ? await findShare(sql, id) : null;
  if (!s) throw problems.notFound();
  const t = await target(sql, who, s.targetType, s.targetId).catch(() => null);
  if (!t) throw problems.notFound();
  if (s.createdBy !== who.userId && !atLeast(t.level, "manage")) {
    t.access.require(t.level, "edit");
  }
  return s;
}

export async function listShares(
  { sql, session: who }: Actor,
  { type, id }: { type: "file" | "folder"; id: string },
) {
  const t = await target(sql, who, type, id);
  t.access.require(t.level, "edit");
  return { items: (await sharesOf(sql, type, id)).map(shareView) };
}

export async function getShare({ sql, session: who }: Actor, id: string) {
  return shareView(await managedShare(sql, who, id));
}

export async function revoke({ sql, session: who }: Actor, id: string) {
  const s = await managedShare(sql, who, id);
  await revokeShare(sql, id);
  await audit(
    sql,
    s.targetType,
    s.targetId,
    "unshared",
    `Revoked a ${s.kind} share of ${s.targetName}`,
    { shareId: id },
    null,
  );
}

/** What a valid public link leads to, resolved inside its tenant's scope. */
export interface PublicTarget {
  tenantId: string;
  share: ShareRow;
}

/**
 * Resolves a public token. Unknown, revoked and expired links, and links whose file or folder
 * is gone, are all the same 404; a missing or wrong password is 401 (for a valid link only).
 * `proof` is the value of the cookie a correct password sets (see passwordProof).
 */
export async function openPublic(
  { sql: db }: Pick<SystemActor, "sql">,
  { token, password, proof, address }: {
    token: string;
    password: string | undefined;
    proof: string | undefined;
    address: string;
  },
): Promise<PublicTarget & { needsPassword?: false }> {
  if (!TOKEN.test(token)) throw problems.notFound();
  const hash = await sha256Hex(token);
  const found = await withScope(db, {}, (tx) => lookupToken(tx, hash));
  if (!found) throw problems.notFound();
  const share = await withScope(
    db,
    { tenantId: found.tenantId },
    (tx) => findShare(tx, found.shareId),
  );
  const expired = share?.expiresAt && Date.parse(share.expiresAt) <= Date.now();
  if (!share || share.revokedAt || expired || share.targetName === null) throw problems.notFound();
  if (share.passwordHash) {
    if (proof && proof === await passwordProof(token, share.passwordHash)) {
      return { tenantId: found.tenantId, share };
    }
    // Wrong passwords count per (link, address) with growing lockouts, so a guesser locks only
    // itself; a cap per link catches guessing spread over many addresses.
    const pairKey = `doc-share:${share.id}|${address}`;
    const linkKey = `doc-share:${share.id}`;
    const locked = await withScope(
      db,
      {},
      async (tx) => Math.max(await lockedFor(tx, pairKey), await lockedFor(tx, linkKey)),
    );
    if (locked > 0) throw problems.tooManyRequests(locked);
    const ok = password !== undefined && await verifyPassword(password, share.passwordHash);
    if (!ok) {
      if (password !== undefined) {
        const wait = await withScope(
          db,
          {},
          async (tx) =>
            await countAttempt(tx, pairKey, SHARE_PAIR) ||
            await countAttempt(tx, linkKey, SHARE_CAP),
        );
        if (wait > 0) throw problems.tooManyRequests(wait);
      }
      throw problems.unauthorized("This link needs its password.");
    }
  }
  return { tenantId: found.tenantId, share };
}

/** 10 wrong passwords from one address in 15 minutes, then 1, 2, 4 … 15 minutes. */
const SHARE_PAIR: ThrottlePolicy = {
  max: 10,
  windowSeconds: 900,
  lockSeconds: 60,
  maxLockSeconds: 900,
};
/** Guessing spread over many addresses: the link itself pauses for 5 minutes. */
const SHARE_CAP: ThrottlePolicy = { max: 200, windowSeconds: 900, lockSeconds: 300 };

/** Logs a public access (and tells the share's creator when the tenant wants that). */
export async function recordPublicAccess(
  { sql: tx, bus }: SystemActor,
  { share, what, action }: {
    share: ShareRow;
    what: string;
    action: "public-view" | "public-download";
  },
) {
  await countAccess(tx, share.id);
  await audit(
    tx,
    share.targetType,
    share.targetId,
    action,
    `Public link: ${action === "public-view" ? "viewed" : "downloaded"} ${what}`,
    null,
    { shareId: share.id },
  );
  const settings = await loadSettings({ sql: tx });
  if (settings.notifyOnAccess && share.createdBy && action === "public-download") {
    await notify({ sql: tx, bus }, {
      userId: share.createdBy,
      module: "documents",
      title: `Someone downloaded “${what}” through your public link`,
    }).catch(() => {});
  }
}

/** Live files and folders shared with the caller or one of their roles (the "shared" view). */
export async function sharedWith({ sql, session: who }: Actor, limit: number) {
  return await sharedWithMe(sql, who.userId, who.roles, limit);
}
