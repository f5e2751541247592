import type { Sql } from "../../../shared/db/database.ts";
import { recordActivity } from "../../../platform/activity/public.ts";

/** One audit line of the Documents module (the platform's activity log). */
export async function audit(
  sql: Sql,
  entityType: "file" | "folder" | "share" | "settings",
  entityId: string,
  action: string,
  summary: string,
  before?: object | null,
  after?: object | null,
) {
  await recordActivity({ sql }, {
    module: "documents",
    entityType,
    entityId,
    action,
    summary,
    before: before as Record<string, unknown> | null | undefined,
    after: after as Record<string, unknown> | null | undefined,
  });
}
