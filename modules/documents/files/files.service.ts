import type { Actor, SystemActor } from "../../../shared/http/actor.ts";
import type { Sql } from "../../../shared/db/database.ts";
import type { Session } from "../../../shared/http/env.ts";
import { problems } from "../../../shared/http/problem.ts";
import { afterCommit } from "../../../shared/db/scope.ts";
import { decodeCursor, toPage } from "../../../shared/http/paging.ts";
import { type Access, atLeast } from "../access/access.rules.ts";
import { loadAccess } from "../access/access.service.ts";
import { audit } from "../audit/audit.repo.ts";
import { eventPublisher } from "../../../platform/notifications/public.ts";
import { documentsEvents } from "../events.ts";
import { checkName, nameCursor } from "../common/names.lib.ts";
import { loadSettings, usedBytes } from "../settings/settings.service.ts";
import { nameTaken } from "../folders/folders.repo.ts";
import { visibleFolder } from "../folders/folders.service.ts";
import {
  deleteVersion,
  type FileRow,
  findFile,
  folderFiles,
  insertFile,
  isUuid,
  listVersions,
  pushVersion,
  trashFile,
  trimVersions,
  updateFileMeta,
} from "./files.repo.ts";
import { discard, receiveBody, type Received, receiveFiles, type Upload } from "./upload.lib.ts";
import { fileView } from "./files.lib.ts";
import { refuseIfLocked } from "../webdav/webdav.locks.service.ts";
import { queueExtraction } from "../fulltext/fulltext.service.ts";
import { queueThumbnail, thumbnailsOf } from "../thumbnails/thumbnails.service.ts";

type Who = Pick<Session, "userId" | "roles" | "permissions">;

const publish = eventPublisher(documentsEvents);

/** A live document (not an attachment) the caller may see; 404 otherwise. */
export async function visibleFile(
  { sql }: Pick<SystemActor, "sql">,
  { access, id }: { access: Access; id: string },
): Promise<FileRow> {
  const f = await findFile(sql, id);
  if (!f || f.deletedAt || f.ownerModule || !atLeast(access.file(f), "view")) {
    throw problems.notFound();
  }
  return f;
}

/**
 * A folder's files. With `fields` (a sparse fieldset) only those columns are read, and the
 * thumbnails only when asked for.
 */
export async function listFolder(
  { sql, session: who }: Actor,
  q: { folderId?: string; limit: number; cursor?: string },
  fields?: readonly string[],
) {
  const folderId = q.folderId ?? null;
  const after = nameCursor(decodeCursor(q.cursor, ["text", "uuid"]));
  // The page is read together with the access facts (one round trip) and only returned once the
  // folder is known to be visible.
  const [access, rows] = await Promise.all([
    loadAccess({ sql, session: who }),
    folderFiles(sql, folderId, q.limit, after, fields),
  ]);
  if (folderId) await visibleFolder({ sql }, { access: access, id: folderId });
  else access.require(access.folder(null), "view");
  const page = toPage(rows, q.limit, (r) => [r.sortName!, r.id]);
  if (fields && !fields.includes("thumbnail")) {
    return { items: page.items.map((f) => fileView(f, access)), nextCursor: page.nextCursor };
  }
  const thumbs = await thumbnailsOf({ sql }, { files: page.items, excerptChars: 0 });
  return {
    items: page.items.map((f) => {
      const { status, small, large } = thumbs.get(f.id)!;
      return { ...fileView(f, access), thumbnail: { status, small, large } };
    }),
    nextCursor: page.nextCursor,
  };
}

export async function getFile({ sql, session: who }: Actor, id: string) {
  const access = await loadAccess({ sql, session: who });
  const f = await visibleFile({ sql }, { access: access, id: id });
  return {
    ...fileView(f, access),
    path: access.path(f.folderId).map(({ id, name }) => ({ id, name })),
  };
}

export async function patchFile(
  { sql, session: who }: Actor,
  { id, patch }: { id: string; patch: { name?: string; folderId?: string | null } },
) {
  const access = await loadAccess({ sql, session: who });
  const f = await visibleFile({ sql }, { access: access, id: id });
  access.require(access.file(f), "edit");
  await refuseIfLocked({ sql, session: who }, id);
  const name = patch.name === undefined ? f.name : checkName(patch.name);
  const folderId = patch.folderId === undefined ? f.folderId : patch.folderId;
  if (folderId !== f.folderId) {
    if (folderId) await visibleFolder({ sql }, { access: access, id: folderId });
    access.require(access.folder(folderId), "edit");
  }
  if (await nameTaken(sql, folderId, name, id)) {
    throw problems.conflict("An item with this name exists in the folder.");
  }
  const after = await updateFileMeta(sql, id, { name, folderId });
  const action = folderId !== f.folderId ? "moved" : "renamed";
  const summary = action === "moved" ? `Moved ${f.name}` : `Renamed ${f.name} to ${after.name}`;
  await audit(sql, "file", id, action, summary, auditShape(f), auditShape(after));
  return fileView(after, access);
}

const auditShape = (f: FileRow) => ({
  name: f.name,
  folderId: f.folderId,
  size: f.size,
  version: f.version,
});

export async function deleteFile({ sql, session: who }: Actor, id: string) {
  const access = await loadAccess({ sql, session: who });
  const f = await visibleFile({ sql }, { access: access, id: id });
  access.require(access.file(f), "edit");
  await refuseIfLocked({ sql, session: who }, id);
  await trashFile(sql, id);
  await audit(sql, "file", id, "deleted", `Moved ${f.name} to the trash`, auditShape(f), null);
  await publish(sql, "documents.file.deleted", {
    fileId: id,
    name: f.name,
    folderId: f.folderId,
    actorId: who.userId,
  });
}

/** Checks a folder exists, is visible and writable for an upload (before any bytes). */
async function uploadTarget(tx: Sql, who: Who, folderId: string | null) {
  const access = await loadAccess({ sql: tx, session: who });
  if (folderId) await visibleFolder({ sql: tx }, { access: access, id: folderId });
  access.require(access.folder(folderId), "edit");
  return await quotaLeft(tx);
}

/** The tenant's settings, or 422 when its quota is used up already. */
async function quotaLeft(tx: Sql) {
  const settings = await loadSettings({ sql: tx });
  if ((await usedBytes({ sql: tx })) >= settings.quotaBytes) {
    throw problems.unprocessable("The tenant's storage quota is used up.");
  }
  return settings;
}

/** Stores the bytes, then records the rows in one short transaction (all or nothing). */
async function storeThenRecord<T>(
  who: Session,
  upload: Upload,
  maxFileBytes: number,
  record: (tx: Sql, received: Received[]) => Promise<T>,
  maxFiles?: number,
): Promise<T> {
  const received = upload.raw
    ? await receiveBody(
      upload.request,
      { tenantId: who.tenantId, maxFileBytes, ...upload.raw },
      upload.config,
    )
    : await receiveFiles(upload.request, {
      tenantId: who.tenantId,
      maxFileBytes,
      maxFiles,
      config: upload.config,
    });
  try {
    return await upload.scope(async (tx) => {
      const settings = await loadSettings({ sql: tx });
      const total = received.reduce((n, r) => n + r.size, 0);
      if ((await usedBytes({ sql: tx })) + total > settings.quotaBytes) {
        throw problems.unprocessable("The files do not fit in the tenant's storage quota.");
      }
      return await record(tx, received);
    });
  } catch (err) {
    await discard(received.map((r) => r.key));
    throw err;
  }
}

export async function uploadFiles(
  { session: who }: Actor,
  { upload, folderId }: { upload: Upload; folderId: string | null },
) {
  const settings = await upload.scope((tx) => uploadTarget(tx, who, folderId));
  return await storeThenRecord(who, upload, settings.maxFileBytes, async (tx, received) => {
    const access = await loadAccess({ sql: tx, session: who });
    const items = [];
    for (const r of received) {
      if (await nameTaken(tx, folderId, r.name)) {
        throw problems.conflict(
          `An item named ${r.name} exists in the folder; upload a new version of it instead.`,
        );
      }
      const f = await insertFile(tx, { ...r, folderId });
      await queueExtraction(tx, f);
      await queueThumbnail(tx, f);
      await audit(tx, "file", f.id, "uploaded", `Uploaded ${f.name}`, null, auditShape(f));
      await publish(tx, "documents.file.uploaded", {
        fileId: f.id,
        name: f.name,
        folderId: f.folderId,
        size: f.size,
        contentType: f.contentType,
        actorId: who.userId,
      });
      items.push(fileView(f, access));
    }
    return { items };
  });
}

export async function uploadVersion(
  { session: who }: Actor,
  { upload, id }: { upload: Upload; id: string },
) {
  const settings = await upload.scope(async (tx) => {
    const access = await loadAccess({ sql: tx, session: who });
    const f = await visibleFile({ sql: tx }, { access: access, id: id });
    access.require(access.file(f), "edit");
    await refuseIfLocked({ sql: tx, session: who }, id);
    return await quotaLeft(tx);
  });
  return await storeThenRecord(who, upload, settings.maxFileBytes, async (tx, [r]) => {
    const f = (await findFile(tx, id))!;
    if (f.deletedAt) throw problems.notFound();
    await pushVersion(tx, f, { ...r, version: f.version + 1 });
    const dropped = await trimVersions(tx, id, settings.versionLimit - 1);
    afterCommit(tx, () => void discard(dropped));
    const after = (await findFile(tx, id))!;
    await queueExtraction(tx, after);
    await queueThumbnail(tx, after);
    await audit(
      tx,
      "file",
      id,
      "versioned",
      `Uploaded version ${after.version} of ${f.name}`,
      auditShape(f),
      auditShape(after),
    );
    return fileView(after, await loadAccess({ sql: tx, session: who }));
  }, 1);
}

export async function versions({ sql, session: who }: Actor, id: string) {
  const access = await loadAccess({ sql, session: who });
  const f = await visibleFile({ sql }, { access: access, id: id });
  const older = (await listVersions(sql, id)).map(({ storageKey: _, ...v }) => ({
    ...v,
    current: false,
  }));
  const current = {
    id: f.id,
    fileId: f.id,
    version: f.version,
    contentType: f.contentType,
    size: f.size,
    sha256: f.sha256,
    createdBy: f.createdBy,
    createdByName: f.createdByName,
    createdAt: f.updatedAt,
    current: true,
  };
  return { items: [current, ...older] };
}

/** Makes an earlier version current again; the current content becomes a version. */
export async function restoreVersion(
  { sql, session: who }: Actor,
  { id, versionId }: { id: string; versionId: string },
) {
  const access = await loadAccess({ sql, session: who });
  const f = await visibleFile({ sql }, { access: access, id: id });
  access.require(access.file(f), "edit");
  await refuseIfLocked({ sql, session: who }, id);
  const v = isUuid(versionId)
    ? (await listVersions(sql, id)).find((x) => x.id === versionId)
    : undefined;
  if (!v) throw problems.notFound("No such version.");
  await deleteVersion(sql, v.id);
  const next = (await listVersions(sql, id)).reduce((n, x) => Math.max(n, x.version), f.version);
  await pushVersion(sql, f, {
    key: v.storageKey,
    contentType: v.contentType,
    size: v.size,
    sha256: v.sha256,
    version: next + 1,
  });
  const after = (await findFile(sql, id))!;
  await queueExtraction(sql, after);
  await queueThumbnail(sql, after);
  await audit(
    sql,
    "file",
    id,
    "version-restored",
    `Restored version ${v.version} of ${f.name} as version ${after.version}`,
    auditShape(f),
    auditShape(after),
  );
  return fileView(after, access);
}

/** Finds what to stream (file or one of its versions) and audits the access. */
export async function openForRead(
  { sql, session: who }: Actor,
  { id, action, versionId }: { id: string; action: "downloaded" | "previewed"; versionId?: string },
) {
  const access = await loadAccess({ sql, session: who });
  const f = await visibleFile({ sql }, { access: access, id: id });
  let target = f;
  if (versionId) {
    const v = isUuid(versionId)
      ? (await listVersions(sql, id)).find((x) => x.id === versionId)
      : undefined;
    if (!v) throw problems.notFound("No such version.");
    target = { ...f, ...v, id: f.id };
  }
  const what = versionId ? `${f.name} (version ${target.version})` : f.name;
  await audit(
    sql,
    "file",
    id,
    action,
    `${action === "downloaded" ? "Downloaded" : "Previewed"} ${what}`,
  );
  return target;
}
