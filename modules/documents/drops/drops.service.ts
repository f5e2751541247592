import type { Actor, SystemActor } from "../../../shared/http/actor.ts";
import type { Sql } from "../../../shared/db/database.ts";
import type { Config } from "../../../shared/config.ts";
import { Problem, problems } from "../../../shared/http/problem.ts";
import { hashPassword, verifyPassword } from "../../../shared/auth/passwords.ts";
import { countAttempt, type ThrottlePolicy } from "../../../shared/auth/throttle.ts";
import { randomToken, sha256Hex } from "../../../shared/crypto/bytes.ts";
import { withScope } from "../../../shared/db/scope.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { eventPublisher, notify } from "../../../platform/notifications/public.ts";
import {
  isActiveMember,
  memberLocale,
  memberPermissions,
} from "../../../platform/identity/public.ts";
import { hasPermission } from "../../../shared/rbac/permissions.ts";
import { documentsEvents } from "../events.ts";
import { atLeast } from "../access/access.rules.ts";
import { loadAccess } from "../access/access.service.ts";
import { audit } from "../audit/audit.repo.ts";
import { visibleFolder } from "../folders/folders.service.ts";
import { findFolder, nameTaken } from "../folders/folders.repo.ts";
import { insertFile, isUuid } from "../files/files.repo.ts";
import { discard, receiveFiles } from "../files/upload.lib.ts";
import { loadSettings, usedBytes } from "../settings/settings.service.ts";
import { lockedFor } from "../shares/shares.repo.ts";
import { passwordProof, TOKEN } from "../shares/tokens.lib.ts";
import {
  activeMemberRoles,
  addDropped,
  droppedBy,
  type DropRow,
  dropsOf,
  dropWorkspace,
  findDrop,
  insertDrop,
  lookupDropToken,
  revokeDrop,
} from "./drops.repo.ts";
import {
  DEFAULT_DROP_FILE_BYTES,
  DROP_MAX_FILES,
  dropState,
  dropView,
  freeName,
} from "./drops.lib.ts";
import type { NewDrop } from "./drops.schemas.ts";
import "./drops.messages.ts";

const publish = eventPublisher(documentsEvents);

/** The folder must be visible, and a drop link into it needs edit access. */
async function writableFolder({ sql, session }: Actor, folderId: string) {
  if (!isUuid(folderId)) throw problems.notFound();
  const access = await loadAccess({ sql, session });
  const folder = await visibleFolder({ sql }, { access, id: folderId });
  const level = access.folder(folderId);
  return { folder, level, access };
}

export async function createDrop(actor: Actor, { folderId, body }: {
  folderId: string;
  body: NewDrop;
}) {
  const { sql } = actor;
  const { folder, level, access } = await writableFolder(actor, folderId);
  access.require(level, "edit");
  if (body.expiresAt && Date.parse(body.expiresAt) <= Date.now()) {
    throw problems.unprocessable("The expiry date is in the past.");
  }
  const token = randomToken();
  const drop = await insertDrop(sql, {
    folderId,
    tokenHash: await sha256Hex(token),
    label: body.label?.trim() ?? "",
    message: body.message?.trim() ?? "",
    passwordHash: body.password ? await hashPassword(body.password) : null,
    maxFileBytes: body.maxFileBytes ?? DEFAULT_DROP_FILE_BYTES,
    maxTotalBytes: body.maxTotalBytes ?? null,
    expiresAt: body.expiresAt ?? null,
  });
  await audit(
    sql,
    "folder",
    folderId,
    "drop-created",
    `Made a file drop link for ${folder.name}`,
    null,
    {
      dropId: drop.id,
      expiresAt: drop.expiresAt,
      hasPassword: drop.hasPassword,
      maxFileBytes: drop.maxFileBytes,
      maxTotalBytes: drop.maxTotalBytes,
    },
  );
  return { ...dropView(drop), token, url: `/drop/${token}` };
}

export async function listDrops(actor: Actor, folderId: string) {
  const { level, access } = await writableFolder(actor, folderId);
  access.require(level, "edit");
  return { items: (await dropsOf(actor.sql, folderId)).map(dropView) };
}

/** The link's creator, or anyone who manages its folder (editors otherwise). */
export async function revokeDropLink(actor: Actor, id: string) {
  const d = isUuid(id) ? await findDrop(actor.sql, id) : null;
  if (!d) throw problems.notFound();
  const target = await writableFolder(actor, d.folderId).catch(() => null);
  if (!target) throw problems.notFound();
  if (d.createdBy !== actor.session.userId && !atLeast(target.level, "manage")) {
    target.access.require(target.level, "edit");
  }
  await revokeDrop(actor.sql, id);
  await audit(
    actor.sql,
    "folder",
    d.folderId,
    "drop-revoked",
    `Revoked a file drop link of ${d.folderName}`,
    { dropId: id },
    null,
  );
}

// ---------------------------------------------------------------------------------------------
// The public side: no session; the token names the tenant.

const gone = (detail: string) => new Problem(410, "gone", "Gone", detail);

/** 10 wrong passwords from one address in 15 minutes, then 1, 2, 4 … 15 minutes. */
const DROP_PAIR: ThrottlePolicy = {
  max: 10,
  windowSeconds: 900,
  lockSeconds: 60,
  maxLockSeconds: 900,
};
/** Guessing spread over many addresses: the link itself pauses for 5 minutes. */
const DROP_CAP: ThrottlePolicy = { max: 200, windowSeconds: 900, lockSeconds: 300 };

export interface DropVisit {
  token: string;
  password?: string;
  /** The password cookie's value, if any. */
  proof?: string;
  address: string;
}

export interface OpenDrop {
  tenantId: string;
  drop: DropRow;
  workspace: { name: string; logo: string | null; accentColor: string | null };
}

/**
 * Resolves a drop token: unknown is 404, expired or revoked 410 (the page says so), a missing
 * or wrong password 401, too many wrong ones 429 (per link and address, and per link).
 */
export async function openDrop({ sql: db }: Pick<SystemActor, "sql">, v: DropVisit) {
  if (!TOKEN.test(v.token)) throw problems.notFound();
  const hash = await sha256Hex(v.token);
  const found = await withScope(db, {}, (tx) => lookupDropToken(tx, hash));
  if (!found) throw problems.notFound();
  const [drop, workspace, creatorMay] = await withScope(
    db,
    { tenantId: found.tenantId },
    async (tx) => {
      const drop = await findDrop(tx, found.id);
      return [drop, await dropWorkspace(tx), !!drop && await creatorMayWrite(tx, drop)] as const;
    },
  );
  if (!drop || !workspace) throw problems.notFound();
  const opened: OpenDrop = { tenantId: found.tenantId, drop, workspace };
  const state = dropState(drop);
  if (state !== "active" || !creatorMay) {
    throw Object.assign(gone("This file drop link no longer accepts files."), { opened });
  }
  if (!drop.passwordHash) return opened;
  if (v.proof && v.proof === await passwordProof(v.token, drop.passwordHash)) return opened;
  const pairKey = `doc-drop:${drop.id}|${v.address}`;
  const linkKey = `doc-drop:${drop.id}`;
  const locked = await withScope(
    db,
    {},
    async (tx) => Math.max(await lockedFor(tx, pairKey), await lockedFor(tx, linkKey)),
  );
  if (locked > 0) throw Object.assign(problems.tooManyRequests(locked), { opened });
  const ok = v.password !== undefined && await verifyPassword(v.password, drop.passwordHash);
  if (ok) return opened;
  if (v.password !== undefined) {
    const wait = await withScope(
      db,
      {},
      async (tx) =>
        await countAttempt(tx, pairKey, DROP_PAIR) || await countAttempt(tx, linkKey, DROP_CAP),
    );
    if (wait > 0) throw Object.assign(problems.tooManyRequests(wait), { opened });
  }
  throw Object.assign(problems.unauthorized("This link needs its password."), { opened });
}

/**
 * A link speaks for its creator: it takes files only while the creator is an active member who
 * may still add files to the folder. Leaving the workspace or losing edit access ends the link.
 */
async function creatorMayWrite(tx: Sql, drop: DropRow): Promise<boolean> {
  if (!drop.createdBy) return false;
  const [roles, permissions] = await Promise.all([
    activeMemberRoles(tx, drop.createdBy),
    memberPermissions(tx, drop.createdBy),
  ]);
  if (!roles || !permissions || !hasPermission(permissions, "documents.file.write")) return false;
  const session = { userId: drop.createdBy, roles, permissions };
  const access = await loadAccess({ sql: tx, session });
  return atLeast(access.folder(drop.folderId), "edit");
}

/** The link a refusal came from (set for every refusal after the token was found). */
export const openedOf = (err: unknown): OpenDrop | undefined =>
  (err as { opened?: OpenDrop })?.opened;

/** What this visitor uploaded through the link (never the folder's contents). */
export async function visitorUploads(
  { sql: db }: Pick<SystemActor, "sql">,
  { opened, visitor }: { opened: OpenDrop; visitor: string | undefined },
) {
  if (!visitor) return [];
  const hash = await sha256Hex(visitor);
  return await withScope(
    db,
    { tenantId: opened.tenantId },
    (tx) => droppedBy(tx, opened.drop.id, hash),
  );
}

export const newVisitor = (): string => randomToken();

/**
 * Stores a visitor's files (multipart parts named file), streamed outside any transaction, then
 * records them in one short one under the link's tenant: per-file and total limits (413), the
 * tenant's quota (422), never replacing a file (a clash gets " (2)"), audit and event per file,
 * and one notice per batch to the link's creator and the folder's creator.
 */
export async function dropFiles(
  { sql: db, bus }: SystemActor,
  { visit, visitor, request, config }: {
    visit: DropVisit;
    visitor: string;
    request: Request;
    config?: Config;
  },
) {
  const opened = await openDrop({ sql: db }, visit);
  const { tenantId } = opened;
  const scope = <T>(fn: (tx: Sql) => Promise<T>) => withScope(db, { tenantId }, fn);
  const before = await scope(async (tx) => {
    const settings = await loadSettings({ sql: tx });
    if ((await usedBytes({ sql: tx })) >= settings.quotaBytes) {
      throw problems.unprocessable("The storage quota is used up.");
    }
    return settings;
  });
  const d = opened.drop;
  const left = d.maxTotalBytes === null ? Infinity : d.maxTotalBytes - d.usedBytes;
  if (left <= 0) throw problems.tooLarge("This link has taken all the bytes it allows.");
  const perFile = Math.min(d.maxFileBytes, before.maxFileBytes, left);
  const received = await receiveFiles(request, {
    tenantId,
    maxFileBytes: perFile,
    maxFiles: DROP_MAX_FILES,
    config,
  });
  try {
    return await scope(async (tx) => {
      const drop = await findDrop(tx, d.id, true);
      if (!drop || dropState(drop) !== "active") {
        throw gone("This file drop link no longer accepts files.");
      }
      const total = received.reduce((n, r) => n + r.size, 0);
      if (drop.maxTotalBytes !== null && drop.usedBytes + total > drop.maxTotalBytes) {
        throw problems.tooLarge("The files are more than this link allows in total.");
      }
      const settings = await loadSettings({ sql: tx });
      if ((await usedBytes({ sql: tx })) + total > settings.quotaBytes) {
        throw problems.unprocessable("The files do not fit in the storage quota.");
      }
      const stored: { id: string; name: string; size: number }[] = [];
      for (const r of received) {
        const name = await freeName(r.name, (n) => nameTaken(tx, drop.folderId, n));
        const f = await insertFile(tx, { ...r, name, folderId: drop.folderId });
        await audit(
          tx,
          "file",
          f.id,
          "uploaded",
          `Uploaded ${f.name} through a file drop link`,
          null,
          {
            name: f.name,
            folderId: f.folderId,
            size: f.size,
            version: f.version,
            dropId: drop.id,
          },
        );
        await publish(tx, "documents.file.uploaded", {
          fileId: f.id,
          name: f.name,
          folderId: f.folderId,
          size: f.size,
          contentType: f.contentType,
          actorId: drop.createdBy ?? "",
        });
        stored.push({ id: f.id, name: f.name, size: f.size });
      }
      await addDropped(tx, drop.id, await sha256Hex(visitor), stored);
      await tellOwners({ sql: tx, bus }, drop, stored.length);
      return { tenantId, files: stored.map(({ name, size }) => ({ name, size })) };
    });
  } catch (err) {
    await discard(received.map((r) => r.key));
    throw err;
  }
}

/** One notice per batch, in each recipient's language, to people still in the workspace. */
async function tellOwners(system: SystemActor, drop: DropRow, count: number) {
  const folder = await findFolder(system.sql, drop.folderId);
  const people = new Set([drop.createdBy, folder?.createdBy].filter((x): x is string => !!x));
  for (const userId of people) {
    if (!await isActiveMember(system.sql, userId)) continue;
    const locale = await memberLocale(system.sql, userId);
    await notify(system, {
      userId,
      module: "documents",
      title: t(locale, "documents.drops.notice", { count, name: drop.folderName ?? "" }),
      body: drop.label,
      link: `/documents/files?folder=${drop.folderId}`,
    });
  }
}

/** The name of a folder the caller may make drop links for (the links page's title). */
export async function getFolderName(actor: Actor, folderId: string) {
  const { folder, level, access } = await writableFolder(actor, folderId);
  access.require(level, "edit");
  return folder.name;
}
