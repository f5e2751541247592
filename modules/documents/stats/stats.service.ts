import type { Sql } from "../../../shared/db/database.ts";
import { listActivity } from "../../../platform/activity/public.ts";
import { loadSettings, usedBytes } from "../settings/settings.service.ts";
import { TYPE_PATTERNS } from "../search/search.repo.ts";
import type { Session } from "../../../shared/http/env.ts";
import { visibleTo } from "../audit/visibility.ts";

type Who = Pick<Session, "userId" | "roles" | "permissions">;

/** Storage statistics of the tenant: used and quota, per user, per type, largest files. */
export async function stats(sql: Sql, who: Who) {
  const v = await visibleTo(sql, who);
  const settings = await loadSettings(sql);
  const used = await usedBytes(sql);
  const [counts] = await sql<
    { files: number; trashed: number; attachments: number; folders: number; versions: number }[]
  >`
    select count(*) filter (where deleted_at is null and owner_module is null)::int as files,
      count(*) filter (where deleted_at is not null)::int as trashed,
      count(*) filter (where owner_module is not null)::int as attachments,
      (select count(*)::int from doc_folders where deleted_at is null) as folders,
      (select count(*)::int from doc_versions) as versions
    from doc_files`;
  const perUser = await sql<
    { userId: string | null; name: string; bytes: number; files: number }[]
  >`
    select f.created_by as user_id, coalesce(md.name, '—') as name,
      sum(f.size)::float8 as bytes, count(*)::int as files
    from doc_files f left join member_directory md on md.user_id = f.created_by
    group by f.created_by, md.name order by bytes desc limit 20`;
  const byType: { type: string; files: number; bytes: number }[] = [];
  const categorized = new Set<string>();
  const rows = await sql<{ contentType: string; files: number; bytes: number }[]>`
    select content_type, count(*)::int as files, sum(size)::float8 as bytes
    from doc_files where deleted_at is null group by content_type`;
  for (const [type, patterns] of Object.entries(TYPE_PATTERNS)) {
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
  const largest = await sql<
    {
      id: string;
      name: string;
      size: number;
      contentType: string;
      folderId: string | null;
      createdAt: string;
    }[]
  >`
    select id, name, size::float8 as size, content_type, folder_id, created_at
    from doc_files where deleted_at is null and owner_module is null
    order by size desc, id limit 100`;
  const recent = await listActivity(sql, { module: "documents", limit: 50 });
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
  sql: Sql,
  who: Who,
  userId: string,
  from?: string,
  to?: string,
) {
  const counts = await sql<{ action: string; count: number }[]>`
    select action, count(*)::int as count from activity
    where module = 'documents' and actor_id = ${userId}::uuid
      ${from ? sql`and occurred_at >= ${from}::timestamptz` : sql``}
      ${to ? sql`and occurred_at < ${to}::timestamptz` : sql``}
    group by action order by count desc, action`;
  const recent = await listActivity(sql, {
    module: "documents",
    actorId: userId,
    from,
    to,
    limit: 50,
  });
  const v = await visibleTo(sql, who);
  return { userId, counts: [...counts], recent: await v.entries(recent.items) };
}
