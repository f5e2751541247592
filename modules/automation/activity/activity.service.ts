import type { Actor } from "../../../shared/http/actor.ts";
import { decodeCursor, toPage } from "../../../shared/http/paging.ts";
import { problems } from "../../../shared/http/problem.ts";
import { type CsvColumn, toCsv } from "../../../shared/http/csv.ts";
import type { ActivityEntry } from "../../../platform/activity/public.ts";
import { listMembers } from "../../../platform/identity/public.ts";
import { type ActivityLogFilter, type ActivityLogRow, selectActivityLog } from "./activity.repo.ts";
import { bounds, type ModulePermissions, readableModules } from "./activity.rules.ts";

/** The filters of the log as the API and the page take them (bounds as given). */
export interface ActivityLogInput {
  module?: string;
  /** A member's id; `system` or null: the platform's own lines. */
  userId?: string | null;
  entityType?: string;
  entityId?: string;
  action?: string;
  from?: string;
  to?: string;
}

/** Rows one CSV export holds at most; a longer log is exported in narrower time ranges. */
export const CSV_ROW_CAP = 50_000;
const CSV_BATCH = 1_000;

/**
 * The listing's filter for this reader: the modules they may read (or the one they asked for,
 * 403 when it is not theirs to read, 400 when no such module exists).
 */
function filterFor(
  actor: Actor,
  modules: readonly ModulePermissions[],
  input: ActivityLogInput,
): ActivityLogFilter {
  const readable = readableModules(modules, actor.session.permissions);
  if (input.module && !modules.some((m) => m.name === input.module)) {
    throw problems.validation([{ path: "query.module", message: "Unknown module" }]);
  }
  if (input.module && !readable.includes(input.module)) {
    throw problems.forbidden("You may not read this module's activity.");
  }
  const { from, to } = bounds(input.from, input.to);
  if (from && to && from >= to) {
    throw problems.validation([{ path: "query.to", message: "Must be after from" }]);
  }
  return {
    modules: input.module ? [input.module] : readable,
    reader: actor.session,
    actorId: input.userId === "system" || input.userId === null
      ? null
      : input.userId?.toLowerCase(),
    entityType: input.entityType,
    entityId: input.entityId,
    action: input.action,
    from,
    to,
  };
}

const cursorOf = (cursor?: string) =>
  decodeCursor(cursor, ["timestamp", "uuid"]) as [string, string] | null;
const strip = ({ sortAt: _, ...entry }: ActivityLogRow): ActivityEntry => entry;

/** The cross-module activity log the reader may see, newest first, keyset-paged. */
export async function listActivityLog(
  actor: Actor,
  { modules, ...input }: ActivityLogInput & {
    /** The modules of the installation (the reader's readable ones are listed). */
    modules: readonly ModulePermissions[];
    limit: number;
    cursor?: string;
  },
): Promise<{ items: ActivityEntry[]; nextCursor: string | null }> {
  const filter = filterFor(actor, modules, input);
  const rows = await selectActivityLog(actor.sql, filter, input.limit, cursorOf(input.cursor));
  const page = toPage(rows, input.limit, (r) => [r.sortAt, r.id]);
  return { items: page.items.map(strip), nextCursor: page.nextCursor };
}

const CSV_COLUMNS: CsvColumn<ActivityEntry>[] = [
  { header: "occurredAt", value: (e) => e.occurredAt },
  { header: "module", value: (e) => e.module },
  { header: "actorName", value: (e) => e.actorName ?? (e.actorId ? "" : "system") },
  { header: "actorEmail", value: (e) => e.actorEmail },
  { header: "action", value: (e) => e.action },
  { header: "entityType", value: (e) => e.entityType },
  { header: "entityId", value: (e) => e.entityId },
  { header: "summary", value: (e) => e.summary },
  { header: "changes", value: (e) => JSON.stringify(e.changes ?? {}) },
];

/**
 * The same lines as CSV (formula cells neutralised by shared/http/csv.ts), newest first, read
 * in batches inside the request's transaction and capped at CSV_ROW_CAP rows.
 */
export async function activityLogCsv(
  actor: Actor,
  { modules, ...input }: ActivityLogInput & { modules: readonly ModulePermissions[] },
): Promise<{ csv: string; truncated: boolean }> {
  const filter = filterFor(actor, modules, input);
  const entries: ActivityEntry[] = [];
  let after: [string, string] | null = null;
  while (entries.length < CSV_ROW_CAP) {
    const batch = Math.min(CSV_BATCH, CSV_ROW_CAP - entries.length);
    const rows = await selectActivityLog(actor.sql, filter, batch, after);
    entries.push(...rows.slice(0, batch).map(strip));
    if (rows.length <= batch) return { csv: toCsv(entries, CSV_COLUMNS), truncated: false };
    const last = rows[batch - 1];
    after = [last.sortAt, last.id];
  }
  return { csv: toCsv(entries, CSV_COLUMNS), truncated: true };
}

/** The modules the reader may see in the log (the page's module filter offers these). */
export const modulesFor = (actor: Actor, modules: readonly ModulePermissions[]) =>
  readableModules(modules, actor.session.permissions);

/** Members of the tenant for the page's "who" filter (the first 200 by name). */
export async function logActors(actor: Actor) {
  return (await listMembers(actor.sql, { limit: 200 })).slice(0, 200);
}
