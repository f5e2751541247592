import type { Actor } from "../../../shared/http/actor.ts";
import { listActivity } from "../../../platform/activity/public.ts";
import { loadSettings, usedBytes } from "../settings/settings.service.ts";
import { TYPE_PATTERNS } from "../search/search.repo.ts";
import {
  actionCounts,
  bytesPerType,
  bytesPerUser,
  fileCounts,
  largestFiles,
} from "./stats.repo.ts";
import { FILE_KINDS, type FileKind } from "../files/content-types.lib.ts";
import { visibleTo } from "../audit/visibility.service.ts";

/** Storage statistics of the tenant: used and quota, per user, per type, largest files. */
export async function stats(actor: Actor) {
  const { sql } = actor;
  const v = await visibleTo(actor);
  const settings = await loadSettings({ sql });
  const used = await usedBytes({ sql });
  const counts = await fileCounts(sql);
  const perUser = await bytesPerUser(sql);
  const byType: { type: FileKind; files: number; bytes: number }[] = [];
  const categorized = new Set<string>();
  const rows = await bytesPerType(sql);
  for (const type of FILE_KINDS) {
    const patterns = type === "other" ? undefined : TYPE_PATTERNS[type];
    if (!patterns) continue;
    const re = patterns.map((p) =>
      new RegExp(`^${p.replace(/[.+]/g, "\\$&").replace(/%/g, ".*")}$`)
    );
    const hit = rows.filter((r) =>
      !categorized.has(r.contentType) && re.some((x) => x.test(r.contentType))
    );
    hit.forEach((r) => categorized.add(r.contentType));
    if (hit.length) {
      byType.push({
        type,
        files: hit.reduce((n, r) => n + r.files, 0),
        bytes: hit.reduce((n, r) => n + r.bytes, 0),
      });
    }
  }
  const other = rows.filter((r) => !categorized.has(r.contentType));
  if (other.length) {
    byType.push({
      type: "other",
      files: other.reduce((n, r) => n + r.files, 0),
      bytes: other.reduce((n, r) => n + r.bytes, 0),
    });
  }
  const largest = await largestFiles(sql);
  const recent = await listActivity({ sql }, { module: "documents", limit: 50 });
  return {
    usedBytes: used,
    quotaBytes: settings.quotaBytes,
    ...counts,
    perUser: [...perUser],
    byType,
    largest: (await v.files([...largest]))
      .slice(0, 10)
      .map((f) => ({ ...f, folder: v.access.path(f.folderId).map((p) => p.name).join(" / ") })),
    recentActivity: (await v.entries(recent.items)).slice(0, 10),
  };
}

/** What one user did in the module: counts by action and their latest lines. */
export async function userActivity(
  actor: Actor,
  { userId, from, to }: { userId: string; from?: string; to?: string },
) {
  const { sql } = actor;
  const counts = await actionCounts(sql, userId, from, to);
  const recent = await listActivity({ sql }, {
    module: "documents",
    actorId: userId,
    from,
    to,
    limit: 50,
  });
  const v = await visibleTo(actor);
  return { userId, counts: [...counts], recent: await v.entries(recent.items) };
}
