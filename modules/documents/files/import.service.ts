/**
 * A file whose bytes are handed over as a value (not a multipart request): what Automation
 * agents write ("a report in Documents"). Same rules as an upload: the folder must be writable
 * for the caller, the tenant's file size limit and quota hold, a taken name is a conflict, and
 * the file is audited and announced as `documents.file.uploaded`.
 */
import { createHash } from "node:crypto";
import type { Actor } from "../../../shared/http/actor.ts";
import type { Sql } from "../../../shared/db/database.ts";
import { problems } from "../../../shared/http/problem.ts";
import { eventPublisher } from "../../../platform/notifications/public.ts";
import { type Access } from "../access/access.rules.ts";
import { loadAccess } from "../access/access.service.ts";
import { audit } from "../audit/audit.repo.ts";
import { documentsEvents } from "../events.ts";
import { checkName } from "../common/names.lib.ts";
import { loadSettings, usedBytes } from "../settings/settings.service.ts";
import { activeFolders, nameTaken } from "../folders/folders.repo.ts";
import { createFolder, visibleFolder } from "../folders/folders.service.ts";
import { newKey, storage } from "../storage/storage.lib.ts";
import { contentTypeFor } from "./content-types.lib.ts";
import { insertFile } from "./files.repo.ts";
import { queueExtraction } from "../fulltext/fulltext.service.ts";
import { queueThumbnail } from "../thumbnails/thumbnails.service.ts";
import { discard } from "./upload.lib.ts";
import { fileView } from "./files.lib.ts";

/**
 * Bytes handed over as a value travel in memory (and, from an agent, through a JSON relay):
 * bigger files go through the streaming upload.
 */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Folders a path may go down (and create). */
const MAX_DEPTH = 10;

export interface ImportFileInput {
  name: string;
  /** The folder by id (null: the root) … */
  folderId?: string | null;
  /** … or by path from the root ("Reports/2026"); missing folders are created. */
  folderPath?: string;
  /** When absent or malformed, guessed from the name's extension. */
  contentType?: string;
  bytes: Uint8Array;
}

const publish = eventPublisher(documentsEvents);

/** Stores the file and records it in the caller's transaction; returns it as the API shows it. */
export async function importFile(actor: Actor, input: ImportFileInput) {
  const { sql, session: who } = actor;
  const name = checkName(input.name);
  if (input.bytes.byteLength > IMPORT_MAX_BYTES) {
    throw problems.tooLarge(
      `A file handed over as a value may have at most ${IMPORT_MAX_BYTES} bytes.`,
    );
  }
  const settings = await loadSettings({ sql });
  if (input.bytes.byteLength > settings.maxFileBytes) {
    throw problems.tooLarge(`A file may have at most ${settings.maxFileBytes} bytes.`);
  }
  const folderId = input.folderPath !== undefined
    ? await folderByPath(actor, input.folderPath)
    : await writableFolder(sql, await loadAccess({ sql, session: who }), input.folderId ?? null);
  if ((await usedBytes({ sql })) + input.bytes.byteLength > settings.quotaBytes) {
    throw problems.unprocessable("The file does not fit in the tenant's storage quota.");
  }
  if (await nameTaken(sql, folderId, name)) {
    throw problems.conflict(`An item named ${name} exists in the folder.`);
  }
  const key = newKey(who.tenantId);
  await storage().put(key, ReadableStream.from([input.bytes]));
  try {
    const f = await insertFile(sql, {
      key,
      name,
      contentType: contentTypeFor(input.contentType, name),
      size: input.bytes.byteLength,
      sha256: createHash("sha256").update(input.bytes).digest("hex"),
      folderId,
    });
    await queueExtraction(sql, f);
    await queueThumbnail(sql, f);
    const shape = { name: f.name, folderId: f.folderId, size: f.size, version: f.version };
    await audit(sql, "file", f.id, "uploaded", `Uploaded ${f.name}`, null, shape);
    await publish(sql, "documents.file.uploaded", {
      fileId: f.id,
      name: f.name,
      folderId: f.folderId,
      size: f.size,
      contentType: f.contentType,
      actorId: who.userId,
    });
    return fileView(f, await loadAccess({ sql, session: who }));
  } catch (err) {
    // Bytes of a row that was never written; a later rollback leaves them to the orphan job.
    await discard([key]);
    throw err;
  }
}

async function writableFolder(sql: Sql, access: Access, folderId: string | null) {
  if (folderId) await visibleFolder({ sql }, { access: access, id: folderId });
  access.require(access.folder(folderId), "edit");
  return folderId;
}

/** Walks "A/B/C" from the root (names compared case-insensitively), creating what is missing. */
async function folderByPath(actor: Actor, path: string): Promise<string | null> {
  const segments = path.split("/").map((s) => s.trim()).filter(Boolean);
  if (segments.length > MAX_DEPTH) {
    throw problems.validation([{
      path: "folderPath",
      message: `At most ${MAX_DEPTH} folders deep`,
    }]);
  }
  const folders = await activeFolders(actor.sql);
  let parentId: string | null = null;
  for (const raw of segments) {
    const name = checkName(raw, "folderPath");
    const found = folders.find((f) =>
      f.parentId === parentId && f.name.toLowerCase() === name.toLowerCase()
    );
    parentId = found ? found.id : (await createFolder(actor, { name, parentId })).id;
  }
  return await writableFolder(actor.sql, await loadAccess(actor), parentId);
}
