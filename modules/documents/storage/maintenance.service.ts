import type { SystemJob } from "../../../shared/modules.ts";
import type { SystemActor } from "../../../shared/http/actor.ts";
import type { JobContext } from "../../../shared/jobs/dispatcher.ts";
import { log } from "../../../shared/log.ts";
import { knownKeys } from "../files/files.repo.ts";
import { knownThumbnailKeys } from "../thumbnails/thumbnails.repo.ts";
import type { PartialSweep } from "./storage.contract.lib.ts";
import { storage } from "./storage.lib.ts";
import { loadSettings } from "../settings/settings.service.ts";
import { emptyTrash } from "../trash/trash.service.ts";

/** Objects younger than this may belong to an upload whose row is being written right now. */
const ORPHAN_GRACE_MS = 6 * 3600 * 1000;
/**
 * A partial upload untouched this long was left behind by a crash or a dropped client: a live
 * upload writes every MiB (an idle client is cut off by the server long before this).
 */
export const PARTIAL_IDLE_MS = 10 * 60 * 1000;

/**
 * Sweeps partial uploads at start-up too (issue 18): after crashes in a row the daily job came
 * too late and the disk filled. Reports what it reclaimed.
 */
export async function sweepPartialUploads(_actor: SystemActor): Promise<PartialSweep> {
  const swept = await storage().sweepPartial(new Date(Date.now() - PARTIAL_IDLE_MS));
  if (swept.removed) log.info("partial uploads removed at start", { ...swept });
  return swept;
}

export const documentsJobs: SystemJob[] = [
  {
    // Trash retention: items deleted longer ago than the tenant's retention are purged.
    name: "documents.trash-retention",
    schedule: { cron: "30 3 * * *", perTenant: true },
    handler: async (ctx) => {
      const { purged } = await ctx.scoped(async (tx) => {
        const { retentionDays } = await loadSettings({ sql: tx });
        const before = new Date(Date.now() - retentionDays * 86400_000).toISOString();
        return await emptyTrash({ sql: tx, bus: ctx.bus }, { olderThan: before });
      });
      ctx.log(`purged ${purged} trash items`);
    },
  },
  {
    // Bytes without a row (a crash between storing and recording, a failed delete).
    name: "documents.orphan-cleanup",
    schedule: { cron: "45 3 * * *", perTenant: true },
    handler: async (ctx) => {
      const before = new Date(Date.now() - ORPHAN_GRACE_MS);
      const removed = await cleanOrphans(ctx, { tenantId: ctx.tenantId!, before });
      ctx.log(`removed ${removed} orphaned objects`);
    },
  },
  {
    // Partial uploads left by crashes: hourly, not daily, so repeated crashes cannot fill a disk.
    name: "documents.partial-sweep",
    schedule: { cron: "17 * * * *" },
    handler: async (ctx) => {
      const s = storage();
      const { removed, bytes } = await s.sweepPartial(new Date(Date.now() - PARTIAL_IDLE_MS));
      ctx.log(`removed ${removed} partial uploads (${bytes} bytes)`);
    },
  },
];

/** Deletes the tenant's stored objects older than `before` that no row refers to. */
export async function cleanOrphans(
  { scoped }: Pick<JobContext, "scoped">,
  { tenantId, before }: { tenantId: string; before: Date },
): Promise<number> {
  const s = storage();
  const candidates: string[] = [];
  for await (const o of s.list()) {
    if (o.key.startsWith(`${tenantId}/`) && o.modifiedAt < before) candidates.push(o.key);
  }
  if (!candidates.length) return 0;
  // File contents, kept versions and thumbnails (thumbnails.repo.ts) are all live objects.
  const known = new Set(
    await scoped(async (tx) => [
      ...await knownKeys(tx, candidates),
      ...await knownThumbnailKeys(tx, candidates),
    ]),
  );
  let removed = 0;
  for (const key of candidates) {
    if (known.has(key)) continue;
    await s.delete(key);
    removed++;
  }
  return removed;
}
