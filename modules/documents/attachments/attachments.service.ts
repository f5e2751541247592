import type { Actor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import { afterCommit } from "../../../shared/db/scope.ts";
import type { Sql } from "../../../shared/db/database.ts";
import {
  deleteFiles,
  type FileRow,
  findFile,
  insertFile,
  moveOwnerFiles,
  ownerFiles,
} from "../files/files.repo.ts";
import { discard, receiveFiles, type Upload } from "../files/upload.lib.ts";
import { fileResponse } from "../files/download.lib.ts";
import { loadSettings, usedBytes } from "../settings/settings.service.ts";
import { createHash } from "node:crypto";
import { newKey, storage } from "../storage/storage.lib.ts";
import { contentTypeFor } from "../files/content-types.lib.ts";
import { uploadName } from "../common/names.lib.ts";

/**
 * The Documents attachment service: other modules (Projects task attachments) keep their files
 * through it, on the same storage, quota and audit as Documents. Callers check their own
 * access rules first; these functions only make sure the file belongs to the given owner.
 */

/** Which record of which module owns the files (e.g. projects / task / <taskId>). */
export interface AttachmentOwner {
  module: string;
  entityType: string;
  entityId: string;
}

export interface AttachmentInfo {
  id: string;
  name: string;
  size: number;
  contentType: string;
  sha256: string;
  createdAt: string;
  createdBy: string;
}

/** A file row as callers see it (also the owners service's rows). */
export const attachmentInfo = (
  f: Pick<FileRow, "id" | "name" | "size" | "contentType" | "sha256" | "createdAt" | "createdBy">,
): AttachmentInfo => ({
  id: f.id,
  name: f.name,
  size: f.size,
  contentType: f.contentType,
  sha256: f.sha256,
  createdAt: f.createdAt,
  createdBy: f.createdBy ?? "",
});

export const summaryOwner = (o: AttachmentOwner) => `${o.module}/${o.entityType}/${o.entityId}`;

function checkOwner(o: AttachmentOwner) {
  const ok = /^[a-z][a-z0-9_-]{0,40}$/.test(o.module) && o.entityType.length > 0 &&
    o.entityType.length <= 100 && o.entityId.length > 0 && o.entityId.length <= 200;
  if (!ok) throw new Error("invalid attachment owner");
}

async function ownedFile(tx: Sql, owner: AttachmentOwner, id: string): Promise<FileRow> {
  const f = await findFile(tx, id);
  if (
    !f || f.deletedAt || f.ownerModule !== owner.module || f.ownerType !== owner.entityType ||
    f.ownerId !== owner.entityId
  ) throw problems.notFound("No such attachment.");
  return f;
}

async function audit(tx: Sql, f: FileRow, owner: AttachmentOwner, action: string, verb: string) {
  await recordActivity({ sql: tx }, {
    module: "documents",
    entityType: "attachment",
    entityId: f.id,
    action,
    summary: `${verb} ${f.name} (${summaryOwner(owner)})`,
    after: action === "deleted" ? null : { name: f.name, size: f.size, owner: summaryOwner(owner) },
    before: action === "deleted" ? { name: f.name, owner: summaryOwner(owner) } : null,
  });
}

/** Deletes the rows and, once the transaction commits, their bytes. */
async function removeRows(tx: Sql, files: FileRow[], owner: AttachmentOwner) {
  for (const f of files) await audit(tx, f, owner, "deleted", "Deleted attachment");
  const keys = await deleteFiles(tx, files.map((f) => f.id));
  afterCommit(tx, () => void discard(keys));
}

/** A file handed over as bytes (see storeBytes). */
export interface BytesFile {
  name: string;
  contentType: string;
  bytes: Uint8Array;
}

/** A streaming request's part in an attachment call (see Upload). */
type Via = { owner: AttachmentOwner; upload: Upload };

export const attachments = {
  async storeFromRequest(actor: Actor, { owner, upload }: Via): Promise<AttachmentInfo[]> {
    checkOwner(owner);
    const { tenantId } = actor.session;
    const before = await upload.scope(async (tx) => ({
      settings: await loadSettings({ sql: tx }),
      used: await usedBytes({ sql: tx }),
    }));
    if (before.used >= before.settings.quotaBytes) {
      throw problems.unprocessable("The tenant's storage quota is used up.");
    }
    const received = await receiveFiles(upload.request, {
      tenantId,
      maxFileBytes: before.settings.maxFileBytes,
      config: upload.config,
    });
    try {
      return await upload.scope(async (tx) => {
        const settings = await loadSettings({ sql: tx });
        const total = received.reduce((n, r) => n + r.size, 0);
        if ((await usedBytes({ sql: tx })) + total > settings.quotaBytes) {
          throw problems.unprocessable("The files do not fit in the tenant's storage quota.");
        }
        const rows: AttachmentInfo[] = [];
        for (const r of received) {
          const f = await insertFile(tx, { ...r, owner });
          await audit(tx, f, owner, "uploaded", "Uploaded attachment");
          rows.push(attachmentInfo(f));
        }
        return rows;
      });
    } catch (err) {
      await discard(received.map((r) => r.key));
      throw err;
    }
  },

  /**
   * Files handed over as bytes by the platform's own work (e-mail intake: a message's
   * attachments and inline images), stored in the caller's transaction on the same storage,
   * file size limit, quota and audit as uploads. All or nothing: too big (413) or over the quota
   * (422) stores none. Bytes of a transaction that later rolls back are left to the orphan job.
   */
  async storeBytes(
    { sql, tenantId }: { sql: Sql; tenantId: string },
    { owner, files }: { owner: AttachmentOwner; files: BytesFile[] },
  ): Promise<AttachmentInfo[]> {
    checkOwner(owner);
    if (!files.length) return [];
    const settings = await loadSettings({ sql });
    const total = files.reduce((n, f) => n + f.bytes.byteLength, 0);
    if (files.some((f) => f.bytes.byteLength > settings.maxFileBytes)) {
      throw problems.tooLarge(`A file may have at most ${settings.maxFileBytes} bytes.`);
    }
    if ((await usedBytes({ sql })) + total > settings.quotaBytes) {
      throw problems.unprocessable("The files do not fit in the tenant's storage quota.");
    }
    const keys: string[] = [];
    try {
      const rows: AttachmentInfo[] = [];
      for (const file of files) {
        const name = uploadName(file.name);
        const key = newKey(tenantId);
        keys.push(key);
        await storage().put(key, ReadableStream.from([file.bytes]));
        const f = await insertFile(sql, {
          key,
          name,
          contentType: contentTypeFor(file.contentType, name),
          size: file.bytes.byteLength,
          sha256: createHash("sha256").update(file.bytes).digest("hex"),
          owner,
        });
        await audit(sql, f, owner, "uploaded", "Stored attachment");
        rows.push(attachmentInfo(f));
      }
      return rows;
    } catch (err) {
      await discard(keys);
      throw err;
    }
  },

  async list(_actor: Actor, { owner, upload }: Via): Promise<AttachmentInfo[]> {
    checkOwner(owner);
    return (await upload.scope((tx) => ownerFiles(tx, owner))).map(attachmentInfo);
  },

  async download(_actor: Actor, { owner, upload, id }: Via & { id: string }): Promise<Response> {
    checkOwner(owner);
    const f = await upload.scope(async (tx) => {
      const f = await ownedFile(tx, owner, id);
      await audit(tx, f, owner, "downloaded", "Downloaded attachment");
      return f;
    });
    return await fileResponse(upload.request, f);
  },

  async remove(_actor: Actor, { owner, upload, id }: Via & { id: string }): Promise<void> {
    checkOwner(owner);
    await upload.scope(async (tx) => removeRows(tx, [await ownedFile(tx, owner, id)], owner));
  },

  /**
   * Hands every file of one owner to another in the caller's transaction (a merged ticket's
   * files go to the ticket it was merged into); each move is audited. The caller checks access.
   */
  async moveAll(actor: Actor, { from, to }: { from: AttachmentOwner; to: AttachmentOwner }) {
    checkOwner(from);
    checkOwner(to);
    const moved = await moveOwnerFiles(actor.sql, from, to);
    for (const f of moved) {
      await recordActivity({ sql: actor.sql }, {
        module: "documents",
        entityType: "attachment",
        entityId: f.id,
        action: "moved",
        summary: `Moved attachment ${f.name} (${summaryOwner(from)} → ${summaryOwner(to)})`,
        before: { owner: summaryOwner(from) },
        after: { owner: summaryOwner(to) },
      });
    }
    return moved.map(attachmentInfo);
  },

  async removeAll(_actor: Actor, { owner, upload }: Via): Promise<void> {
    checkOwner(owner);
    await upload.scope(async (tx) => removeRows(tx, await ownerFiles(tx, owner), owner));
  },
};
