/**
 * The thumbnail jobs: the images of one file (queued with every upload and new version), the
 * sweep every minute over files left pending (written another way, or whose run crashed) and
 * the daily reconcile that adds files made before thumbnails existed.
 */
import type { SystemJob } from "../../../shared/modules.ts";
import type { JobContext } from "../../../shared/jobs/dispatcher.ts";
import { pendingPassJobs } from "../common/sweep.job.service.ts";
import { newKey, storage } from "../storage/storage.lib.ts";
import { renderThumbnails } from "./thumbnails.process.lib.ts";
import { BOXES, HEAD_BYTES, precheck, thumbKind } from "./thumbnails.rules.ts";
import {
  addMissing,
  pendingThumbnails,
  saveThumbnail,
  startAttempt,
  tenantsWithPending,
  type ThumbResult,
  type ThumbTarget,
  thumbTarget,
} from "./thumbnails.repo.ts";
import { MAX_ATTEMPTS, queueThumbnail, THUMBNAIL_JOB } from "./thumbnails.service.ts";

export const SWEEP_JOB = "documents.thumbnails.sweep";
export const RECONCILE_JOB = "documents.thumbnails.reconcile";

/** Reads at most `limit` bytes of a stored object. */
async function readBytes(key: string, limit: number, size: number): Promise<Uint8Array> {
  const stream = await storage().get(key, limit < size ? { start: 0, end: limit - 1 } : undefined);
  const out = new Uint8Array(Math.min(limit, size));
  let used = 0;
  const reader = stream.getReader();
  try {
    while (used < out.length) {
      const { done, value } = await reader.read();
      if (done) break;
      const take = Math.min(value.length, out.length - used);
      out.set(value.subarray(0, take), used);
      used += take;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return out.subarray(0, used);
}

async function store(tenantId: string, bytes: Uint8Array): Promise<string> {
  const key = newKey(tenantId);
  await storage().put(key, ReadableStream.from([bytes]));
  return key;
}

/** What one file's current content yields: its images (stored), or why there are none. */
export async function makeThumbnails(tenantId: string, f: ThumbTarget): Promise<ThumbResult> {
  const kind = thumbKind(f.contentType, f.name);
  if (!kind) return { status: "unsupported", reason: "type", detail: f.contentType };
  const head = await readBytes(f.storageKey, Math.min(HEAD_BYTES, f.size), f.size);
  const check = precheck(kind, f.size, head);
  if (!check.ok) return { status: check.status, reason: check.reason, detail: check.detail };
  const bytes = head.length >= f.size ? head : await readBytes(f.storageKey, f.size, f.size);
  const r = await renderThumbnails(bytes, kind, [BOXES.small, BOXES.large]);
  if (!r.ok) {
    const status = r.reason === "too-large" ? "unsupported" : "failed";
    return { status, reason: r.reason, detail: r.detail };
  }
  const [small, large] = r.images;
  const smallKey = await store(tenantId, small.bytes);
  let largeKey: string;
  try {
    largeKey = await store(tenantId, large.bytes);
  } catch (err) {
    await storage().delete(smallKey).catch(() => {});
    throw err;
  }
  return {
    status: "ready",
    width: r.width,
    height: r.height,
    small: { key: smallKey, width: small.width, height: small.height },
    large: { key: largeKey, width: large.width, height: large.height },
  };
}

async function deleteKeys(keys: string[]) {
  for (const k of keys) await storage().delete(k).catch(() => {});
}

async function make(ctx: JobContext) {
  const fileId = (ctx.payload as { fileId?: unknown } | null)?.fileId;
  if (typeof fileId !== "string") throw new Error("payload.fileId is missing");
  const f = await ctx.scoped((tx) => thumbTarget(tx, fileId));
  if (!f || (f.thumbSha256 === f.sha256 && f.status !== "pending")) return;
  let result: ThumbResult;
  if (f.attempts >= MAX_ATTEMPTS) {
    result = { status: "failed", reason: "error", detail: `no result after ${f.attempts} runs` };
  } else {
    await ctx.scoped((tx) => startAttempt(tx, fileId, f.sha256));
    try {
      result = await makeThumbnails(ctx.tenantId!, f);
    } catch (err) {
      // Storage unreachable and the like: the queue retries; the last run marks the file.
      if (ctx.attempt < ctx.job.maxAttempts) throw err;
      result = { status: "failed", reason: "error", detail: String((err as Error).message ?? err) };
    }
  }
  const saved = await ctx.scoped((tx) => saveThumbnail(tx, fileId, f.sha256, result, f.staleKeys));
  if (saved) await deleteKeys(f.staleKeys);
  else if (result.status === "ready") await deleteKeys([result.small.key, result.large.key]);
  ctx.log(`${saved ? result.status : "superseded"} ${fileId}`);
}

export const thumbnailJobs: SystemJob[] = [
  { name: THUMBNAIL_JOB, handler: make },
  ...pendingPassJobs({
    sweepJob: SWEEP_JOB,
    reconcileJob: RECONCILE_JOB,
    reconcileCron: "55 3 * * *",
    addedTo: "the thumbnails",
    pending: pendingThumbnails,
    queue: (tx, r, attempts) =>
      queueThumbnail(tx, { ...r, id: r.fileId, sha256: r.sha256 }, attempts),
    addMissing,
    tenantsWithPending,
  }),
];
