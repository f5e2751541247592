/**
 * The full-text jobs: extraction of one file's text (queued with every upload and new version),
 * the sweep every minute over files left pending (written another way, or whose run crashed) and
 * the daily reconcile that adds files the index has never seen.
 */
import type { SystemJob } from "../../../shared/modules.ts";
import type { JobContext } from "../../../shared/jobs/dispatcher.ts";
import { pendingPassJobs } from "../common/sweep.job.service.ts";
import { storage } from "../storage/storage.lib.ts";
import { extractText } from "./fulltext.lib.ts";
import { bytesToRead, textKind } from "./fulltext.rules.ts";
import {
  addMissing,
  type IndexResult,
  type IndexTarget,
  indexTarget,
  pendingFiles,
  saveIndex,
  startAttempt,
  tenantsWithPending,
} from "./fulltext.repo.ts";
import { EXTRACT_JOB, MAX_ATTEMPTS, queueExtraction } from "./fulltext.service.ts";

export const SWEEP_JOB = "documents.fulltext.sweep";
export const RECONCILE_JOB = "documents.fulltext.reconcile";

/** Reads at most `limit` bytes of a stored object. */
async function readBytes(key: string, limit: number, size: number): Promise<Uint8Array> {
  const stream = await storage().get(key, limit < size ? { start: 0, end: limit - 1 } : undefined);
  const out = new Uint8Array(limit);
  let used = 0;
  const reader = stream.getReader();
  try {
    while (used < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      const take = Math.min(value.length, limit - used);
      out.set(value.subarray(0, take), used);
      used += take;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return out.subarray(0, used);
}

/** What one file's current content yields: its text, or why there is none. */
export async function extractFile(f: IndexTarget): Promise<IndexResult> {
  const kind = textKind(f.contentType, f.name);
  if (!kind) return { status: "unsupported", reason: "type", detail: f.contentType };
  const limit = bytesToRead(kind, f.size);
  if (limit === null) return { status: "unsupported", reason: "too-large", detail: `${f.size}` };
  const bytes = await readBytes(f.storageKey, limit, f.size);
  const r = await extractText(bytes, kind, { inputTruncated: limit < f.size });
  return r.ok
    ? { status: "indexed", text: r.text, truncated: r.truncated }
    : { status: "failed", reason: r.reason, detail: r.detail };
}

async function extract(ctx: JobContext) {
  const fileId = (ctx.payload as { fileId?: unknown } | null)?.fileId;
  if (typeof fileId !== "string") throw new Error("payload.fileId is missing");
  const f = await ctx.scoped((tx) => indexTarget(tx, fileId));
  if (!f || (f.indexedSha256 === f.sha256 && f.status !== "pending")) return;
  if (f.attempts >= MAX_ATTEMPTS) {
    await ctx.scoped((tx) =>
      saveIndex(tx, fileId, f.sha256, {
        status: "failed",
        reason: "error",
        detail: `no result after ${f.attempts} runs`,
      })
    );
    return;
  }
  await ctx.scoped((tx) => startAttempt(tx, fileId, f.sha256));
  let result: IndexResult;
  try {
    result = await extractFile(f);
  } catch (err) {
    // Storage unreachable and the like: the queue retries; the last run marks the file.
    if (ctx.attempt < ctx.job.maxAttempts) throw err;
    result = { status: "failed", reason: "error", detail: String((err as Error).message ?? err) };
  }
  await ctx.scoped((tx) => saveIndex(tx, fileId, f.sha256, result));
  ctx.log(`${result.status} ${fileId}`);
}

export const fulltextJobs: SystemJob[] = [
  { name: EXTRACT_JOB, handler: extract },
  ...pendingPassJobs({
    sweepJob: SWEEP_JOB,
    reconcileJob: RECONCILE_JOB,
    reconcileCron: "50 3 * * *",
    addedTo: "the index",
    pending: pendingFiles,
    queue: (tx, r, attempts) => queueExtraction(tx, { id: r.fileId, version: r.version }, attempts),
    addMissing,
    tenantsWithPending,
  }),
];
