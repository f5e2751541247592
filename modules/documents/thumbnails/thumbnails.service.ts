import type { Actor } from "../../../shared/http/actor.ts";
import type { Sql } from "../../../shared/db/database.ts";
import { enqueue } from "../../../shared/jobs/queue.ts";
import { markUnsupported, textExcerpts, thumbStates } from "./thumbnails.repo.ts";
import { type ThumbInfo, thumbKind, type ThumbSize } from "./thumbnails.rules.ts";

/** The job that makes one file's thumbnails (thumbnails.job.service.ts). */
export const THUMBNAIL_JOB = "documents.thumbnails.make";
/** Runs of one content before the file is marked failed. */
export const MAX_ATTEMPTS = 3;

/**
 * Queues the thumbnails of a file's current content, in the transaction that wrote it (the job
 * exists only if the write commits). A type that has no image is marked at once, without a job.
 */
export async function queueThumbnail(
  sql: Sql,
  file: { id: string; version: number; sha256: string; contentType: string; name: string },
  attempts = 0,
) {
  if (!thumbKind(file.contentType, file.name)) {
    await markUnsupported(sql, file.id, file.sha256);
    return;
  }
  await enqueue(sql, THUMBNAIL_JOB, {
    payload: { fileId: file.id },
    dedupeKey: `thumbnail:${file.id}:${file.version}:${attempts}`,
    maxAttempts: 2,
    // A folder of photos is decoded a few at a time per tenant; other work goes first.
    groupKey: THUMBNAIL_JOB,
    groupLimit: 2,
    priority: -1,
  });
}

export const thumbnailUrl = (id: string, size: ThumbSize, sha256: string) =>
  `/api/documents/files/${id}/thumbnail?size=${size}&v=${sha256.slice(0, 16)}`;

/**
 * Thumbnail states and text excerpts of files already known to be visible (a folder's page):
 * two small queries for the whole page.
 */
export async function thumbnailsOf(
  { sql }: Pick<Actor, "sql">,
  { files, excerptChars }: { files: { id: string }[]; excerptChars: number },
): Promise<Map<string, ThumbInfo>> {
  const ids = files.map((f) => f.id);
  const [states, texts] = await Promise.all([
    thumbStates(sql, ids),
    excerptChars ? textExcerpts(sql, ids, excerptChars) : Promise.resolve(new Map()),
  ]);
  const out = new Map<string, ThumbInfo>();
  for (const id of ids) {
    const s = states.get(id);
    const ready = s?.status === "ready";
    out.set(id, {
      status: s?.status ?? "pending",
      reason: s?.reason ?? null,
      excerpt: texts.get(id) ?? null,
      small: ready ? thumbnailUrl(id, "small", s.sha256) : null,
      large: ready ? thumbnailUrl(id, "large", s.sha256) : null,
    });
  }
  return out;
}

/** One visible file's thumbnail state and text excerpt (the detail page). */
export async function thumbnailOf(
  actor: Pick<Actor, "sql">,
  { id, excerptChars }: { id: string; excerptChars: number },
): Promise<ThumbInfo> {
  return (await thumbnailsOf(actor, { files: [{ id }], excerptChars })).get(id)!;
}
