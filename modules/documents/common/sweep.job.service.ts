/**
 * The two scheduled passes the thumbnails and the full-text index share: the sweep every minute
 * that queues again the files left pending (written another way, or whose run crashed), in the
 * tenants that have some, and the daily reconcile that adds the files the feature has never seen.
 * Each feature keeps its own SQL and queueing and hands them in. These build job handlers, so they
 * keep the queue's `(ctx)` signature rather than `(actor, input)`.
 */
import type { SystemJob } from "../../../shared/modules.ts";
import type { JobContext } from "../../../shared/jobs/dispatcher.ts";
import type { Sql } from "../../../shared/db/database.ts";

export interface PendingPasses<R extends { attempts: number }> {
  sweepJob: string;
  reconcileJob: string;
  /** The reconcile's daily cron. */
  reconcileCron: string;
  /** What the reconcile's log line says it added the files to ("the index"). */
  addedTo: string;
  /** The tenant's pending rows, oldest first. */
  pending: (tx: Sql, limit: number) => Promise<R[]>;
  /** Queues the feature's job for one pending row. */
  queue: (tx: Sql, row: R, attempts: number) => Promise<unknown>;
  addMissing: (tx: Sql, limit: number) => Promise<number>;
  tenantsWithPending: (tx: Sql) => Promise<string[]>;
}

/** The sweep and the reconcile of one feature, as scheduled jobs. */
export function pendingPassJobs<R extends { attempts: number }>(
  p: PendingPasses<R>,
): SystemJob[] {
  async function sweep(ctx: JobContext) {
    const queued = await ctx.scoped(async (tx) => {
      const rows = await p.pending(tx, 200);
      for (const r of rows) await p.queue(tx, r, r.attempts);
      return rows.length;
    });
    ctx.log(`queued ${queued} pending files`);
  }

  async function reconcile(ctx: JobContext) {
    const added = await ctx.scoped((tx) => p.addMissing(tx, 5000));
    ctx.log(`added ${added} files to ${p.addedTo}`);
  }

  return [
    {
      name: p.sweepJob,
      handler: sweep,
      schedule: {
        cron: "* * * * *",
        perTenant: true,
        tenantsWithWork: (tx) => p.tenantsWithPending(tx),
      },
    },
    {
      name: p.reconcileJob,
      handler: reconcile,
      schedule: { cron: p.reconcileCron, perTenant: true },
    },
  ];
}
