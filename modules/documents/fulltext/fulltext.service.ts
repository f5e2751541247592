import type { Sql } from "../../../shared/db/database.ts";
import { enqueue } from "../../../shared/jobs/queue.ts";

/** The job that extracts one file's text (fulltext.job.service.ts). */
export const EXTRACT_JOB = "documents.fulltext.extract";
/** Runs of one content before the file is marked failed. */
export const MAX_ATTEMPTS = 3;

/**
 * Queues text extraction of a file's current content, in the transaction that wrote it (the job
 * exists only if the write commits). At most one job per version and run: the sweep queues the
 * next run only after one started and did not finish.
 */
export async function queueExtraction(
  sql: Sql,
  file: { id: string; version: number },
  attempts = 0,
) {
  await enqueue(sql, EXTRACT_JOB, {
    payload: { fileId: file.id },
    dedupeKey: `fulltext:${file.id}:${file.version}:${attempts}`,
    // One run takes what retries need; a file that fails is marked, not retried by the queue.
    maxAttempts: 2,
    // Uploads of many files are indexed a few at a time per tenant; other work goes first.
    groupKey: EXTRACT_JOB,
    groupLimit: 2,
    priority: -1,
  });
}
