import { createHash } from "node:crypto";
import type { Actor } from "../../../shared/http/actor.ts";
import type { Sql } from "../../../shared/db/database.ts";
import type { Config } from "../../../shared/config.ts";
import type { SystemJob } from "../../../shared/modules.ts";
import { isUuid } from "../../../shared/http/ids.ts";
import { Problem, problems } from "../../../shared/http/problem.ts";
import { loadAccess } from "../access/access.service.ts";
import { visibleFolder } from "../folders/folders.service.ts";
import { nameTaken } from "../folders/folders.repo.ts";
import { findFile } from "../files/files.repo.ts";
import { uploadFiles, uploadVersion } from "../files/files.service.ts";
import { discard, type Upload } from "../files/upload.lib.ts";
import { contentTypeFor } from "../files/content-types.lib.ts";
import { uploadName } from "../common/names.lib.ts";
import { loadSettings, usedBytes } from "../settings/settings.service.ts";
import { refuseIfLocked } from "../webdav/webdav.locks.service.ts";
import { newKey, storage } from "../storage/storage.lib.ts";
import {
  appendPart,
  claimFinish,
  deleteExpired,
  deleteUpload,
  fileNamed,
  findUpload,
  insertUpload,
  markFinished,
  openUploadBytes,
  releaseFinish,
  type UploadRow,
} from "./uploads.repo.ts";
import {
  FINISH_STALE_MS,
  HeaderError,
  isOffsetStream,
  OFFSET_STREAM,
  parseChecksum,
  parseCount,
  parseMetadata,
  SWEEP_BATCH,
  TUS_VERSION,
} from "./uploads.rules.ts";

type Scope = <T>(fn: (tx: Sql) => Promise<T>) => Promise<T>;

/** A tus request: its headers and body, and the short transactions it may open. */
export interface TusRequest {
  request: Request;
  scope: Scope;
  config?: Config;
}

/** 400 for a malformed tus header (the field named as the problem's path). */
function header<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof HeaderError) {
      throw problems.validation([{ path: `header.${err.header}`, message: err.message }]);
    }
    throw err;
  }
}

const gone = () => new Problem(410, "gone", "Gone", "This upload has expired.");
const busy = () =>
  new Problem(423, "locked", "Locked", "The upload is being finished; ask again shortly.");

/** The caller's own live upload; anyone else's (or none) is 404. */
async function ownUpload(tx: Sql, actor: Actor, id: string, lock = false): Promise<UploadRow> {
  const u = await findUpload(tx, id, lock);
  if (!u || u.createdBy !== actor.session.userId) throw problems.notFound();
  if (!u.finishedAt && Date.parse(u.expiresAt) <= Date.now()) throw gone();
  return u;
}

/**
 * POST: checks the target before any byte (folder visible and writable, valid name, size within
 * the tenant's largest file and its quota, a same-name file not locked by someone else) and
 * records the upload. With a body (creation-with-upload) its bytes are the first PATCH.
 */
export async function createUpload(actor: Actor, call: TusRequest) {
  const h = call.request.headers;
  if (h.get("upload-defer-length")) {
    throw problems.badRequest("Upload-Defer-Length is not supported; send Upload-Length.");
  }
  const length = header(() => parseCount("Upload-Length", h.get("upload-length") ?? undefined));
  const meta = header(() => parseMetadata(h.get("upload-metadata") ?? undefined));
  const name = uploadName(meta.filename);
  if (meta.folderId && !isUuid(meta.folderId)) {
    throw problems.validation([{ path: "header.Upload-Metadata", message: "folderId is no id" }]);
  }
  const folderId = meta.folderId ?? null;
  const contentType = contentTypeFor(meta.contentType, name);
  const created = await call.scope(async (tx) => {
    const access = await loadAccess({ sql: tx, session: actor.session });
    if (folderId) await visibleFolder({ sql: tx }, { access, id: folderId });
    access.require(access.folder(folderId), "edit");
    const settings = await loadSettings({ sql: tx });
    if (length > settings.maxFileBytes) {
      throw new Problem(
        413,
        "too-large",
        "Content Too Large",
        `A file may have at most ${settings.maxFileBytes} bytes.`,
        [],
        { "Tus-Max-Size": String(settings.maxFileBytes) },
      );
    }
    // Other open uploads' bytes are promised already (their parts are stored as they arrive).
    const promised = await openUploadBytes(tx);
    if ((await usedBytes({ sql: tx })) + promised + length > settings.quotaBytes) {
      throw problems.unprocessable("The file does not fit in the tenant's storage quota.");
    }
    const same = await fileNamed(tx, folderId, name);
    if (same) {
      const f = (await findFile(tx, same))!;
      access.require(access.file(f), "edit");
      await refuseIfLocked({ sql: tx, session: actor.session }, same);
    } else if (await nameTaken(tx, folderId, name)) {
      throw problems.conflict(`A folder named ${name} exists here.`);
    }
    return await insertUpload(tx, { folderId, name, contentType, length });
  });
  if (!call.request.body || !isOffsetStream(h.get("content-type") ?? undefined)) return created;
  return await appendChunk(actor, { ...call, id: created.id, offset: 0 });
}

/** HEAD/GET: where the upload stands; a complete upload not yet a file is finished first. */
export async function uploadStatus(actor: Actor, call: TusRequest & { id: string }) {
  const u = await call.scope((tx) => ownUpload(tx, actor, call.id));
  if (u.received === u.length && !u.finishedAt) return await finish(actor, call, u);
  return u;
}

/** Counts and hashes what passes; past `max` bytes the stream fails. */
function measure(max: number) {
  const hasher = createHash("sha256");
  let size = 0;
  let over = false;
  const stream = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      size += chunk.byteLength;
      if (size > max) {
        over = true;
        throw new Error("more bytes than the upload's length");
      }
      hasher.update(chunk);
      controller.enqueue(chunk);
    },
  });
  return { stream, over: () => over, result: () => ({ size, sha256: hasher.digest("hex") }) };
}

/**
 * PATCH: the bytes at `offset` (which must be where the upload stands, else 409) are stored as
 * one object outside any transaction; a request cut short stores nothing. The part is recorded
 * under a row lock after checking the offset again, so two PATCHes at once never interleave:
 * the later one is refused and its object deleted. On the last byte the upload is finished.
 */
export async function patchUpload(actor: Actor, call: TusRequest & { id: string }) {
  const h = call.request.headers;
  if (!isOffsetStream(h.get("content-type") ?? undefined)) {
    throw new Problem(
      415,
      "unsupported-media-type",
      "Unsupported Media Type",
      `Send the bytes as ${OFFSET_STREAM}.`,
    );
  }
  const offset = header(() => parseCount("Upload-Offset", h.get("upload-offset") ?? undefined));
  return await appendChunk(actor, { ...call, offset });
}

async function appendChunk(actor: Actor, call: TusRequest & { id: string; offset: number }) {
  const checksum = header(() =>
    parseChecksum(call.request.headers.get("upload-checksum") ?? undefined)
  );
  const u = await call.scope((tx) => ownUpload(tx, actor, call.id));
  if (u.received !== call.offset) throw mismatch(u.received);
  if (u.received === u.length) return u.finishedAt ? u : await finish(actor, call, u);
  const key = newKey(actor.session.tenantId);
  const m = measure(u.length - u.received);
  try {
    await storage(call.config).put(
      key,
      (call.request.body ?? new Blob([]).stream()).pipeThrough(m.stream),
    );
  } catch {
    await discard([key]);
    if (m.over()) throw problems.tooLarge("The bytes go past the upload's length.");
    throw problems.badRequest("The request's body was cut short; nothing of it was kept.");
  }
  const { size, sha256 } = m.result();
  if (checksum && checksum !== sha256) {
    await discard([key]);
    throw new Problem(
      460 as 400,
      "checksum-mismatch",
      "Checksum Mismatch",
      "The bytes were not kept.",
    );
  }
  if (size === 0) {
    await discard([key]);
    return u;
  }
  let after: UploadRow;
  try {
    after = await call.scope(async (tx) => {
      const now = await ownUpload(tx, actor, call.id, true);
      if (now.received !== call.offset) throw mismatch(now.received);
      return await appendPart(tx, call.id, key, size);
    });
  } catch (err) {
    await discard([key]);
    throw err;
  }
  return after.received === after.length ? await finish(actor, call, after) : after;
}

const mismatch = (offset: number) =>
  new Problem(
    409,
    "offset-mismatch",
    "Conflict",
    `The upload stands at byte ${offset}; send from there.`,
    [],
    { "Upload-Offset": String(offset), "Tus-Resumable": TUS_VERSION },
  );

/** The parts, one after the other, as one stream (read one chunk per pull). */
function joinParts(keys: string[], config?: Config): ReadableStream<Uint8Array> {
  let next = 0;
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        if (!reader) {
          if (next >= keys.length) return controller.close();
          reader = (await storage(config).get(keys[next++])).getReader();
        }
        const { value, done } = await reader.read();
        if (!done) return controller.enqueue(value);
        reader = null;
      }
    },
    async cancel(reason) {
      await reader?.cancel(reason);
    },
  }, { highWaterMark: 0 });
}

/** The file a files.service record step returned (a new file's list, or the file itself). */
function fileIdOf(out: unknown): string | null {
  const o = out as { items?: { id: string }[]; id?: string; version?: number };
  if (Array.isArray(o?.items) && o.items[0]?.id) return o.items[0].id;
  if (typeof o?.id === "string" && typeof o.version === "number") return o.id;
  return null;
}

/**
 * Joins the parts into one file exactly as an upload through the API: the parts stream through
 * files.service (hashed, counted, quota, same name → next version, audit, events, full-text
 * queue). The upload is marked finished in the transaction that records the file, so a crash
 * leaves either both or neither; the parts are deleted afterwards.
 */
async function finish(actor: Actor, call: TusRequest, u: UploadRow): Promise<UploadRow> {
  const claimed = await call.scope((tx) => claimFinish(tx, u.id, FINISH_STALE_MS));
  if (!claimed) {
    const now = await call.scope((tx) => ownUpload(tx, actor, u.id));
    if (now.finishedAt) return now;
    throw busy();
  }
  const scope: Scope = (fn) =>
    call.scope(async (tx) => {
      const out = await fn(tx);
      const fileId = fileIdOf(out);
      if (fileId) await markFinished(tx, u.id, fileId);
      return out;
    });
  const upload: Upload = {
    request: new Request("http://tus.invalid/", {
      method: "PUT",
      body: joinParts(claimed.partKeys, call.config),
    }),
    scope,
    config: call.config,
    raw: { name: claimed.name, contentType: claimed.contentType },
  };
  try {
    const same = await call.scope((tx) => fileNamed(tx, claimed.folderId, claimed.name));
    if (same) await uploadVersion(actor, { upload, id: same });
    else await uploadFiles(actor, { upload, folderId: claimed.folderId });
  } catch (err) {
    await call.scope((tx) => releaseFinish(tx, u.id)).catch(() => {});
    throw err;
  }
  await discard(claimed.partKeys);
  return await call.scope((tx) => ownUpload(tx, actor, u.id));
}

/** DELETE: the upload and its stored parts go (a finished upload's file stays). */
export async function cancelUpload(actor: Actor, call: TusRequest & { id: string }) {
  const keys = await call.scope(async (tx) => {
    const u = await findUpload(tx, call.id, true);
    if (!u || u.createdBy !== actor.session.userId) throw problems.notFound();
    const fresh = u.finishingAt && Date.now() - Date.parse(u.finishingAt) < FINISH_STALE_MS;
    if (fresh && !u.finishedAt) throw busy();
    return await deleteUpload(tx, call.id);
  });
  await discard(keys);
}

/** The largest upload the tenant takes (OPTIONS answers it as Tus-Max-Size). */
export async function maxUploadSize(_actor: Actor, call: Pick<TusRequest, "scope">) {
  return (await call.scope((tx) => loadSettings({ sql: tx }))).maxFileBytes;
}

/**
 * Expired uploads (nobody sent a byte for a day) are deleted with their stored parts, in
 * batches; finished ones just lose their row (the file stays). Returns what went.
 */
export async function sweepExpiredUploads(
  ctx: { scoped: Scope },
): Promise<{ uploads: number; parts: number }> {
  let uploads = 0;
  let parts = 0;
  for (;;) {
    const rows = await ctx.scoped((tx) => deleteExpired(tx, SWEEP_BATCH));
    const keys = rows.flatMap((r) => r.partKeys);
    await discard(keys);
    uploads += rows.filter((r) => !r.finishedAt).length;
    parts += keys.length;
    if (rows.length < SWEEP_BATCH) break;
  }
  return { uploads, parts };
}

export const uploadJobs: SystemJob[] = [
  {
    // Resumable uploads abandoned for a day, and the bytes they hold.
    name: "documents.upload-expiry",
    schedule: { cron: "23 * * * *", perTenant: true },
    handler: async (ctx) => {
      const { uploads, parts } = await sweepExpiredUploads(ctx);
      ctx.log(`removed ${uploads} expired uploads (${parts} stored parts)`);
    },
  },
];
