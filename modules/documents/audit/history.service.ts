import type { Actor } from "../../../shared/http/actor.ts";
import type { Translate } from "../../../ui/context.ts";
import { isUuid } from "../../../shared/http/ids.ts";
import { hasPermission } from "../../../shared/rbac/permissions.ts";
import type { ActivityEntry } from "../../../platform/activity/public.ts";
import { listRoles } from "../../../platform/identity/public.ts";
import { roleLabel } from "../common/labels.lib.ts";
import { type HistoryNames, mentionedIds } from "./history.lib.ts";
import { itemNames } from "./history.repo.ts";

/**
 * What the lines need to read well: the names of the files and folders they mention (live ones
 * get links), role labels, and whether the reader may open the settings. The caller has
 * already left out lines the reader may not see (visibility.ts).
 */
export async function historyNames(
  { sql, session: who }: Pick<Actor, "sql" | "session">,
  { t, items }: { t: Translate; items: ActivityEntry[] },
): Promise<HistoryNames> {
  const ids = mentionedIds(items);
  const rows = await itemNames(sql, ids.files.filter(isUuid), ids.folders.filter(isUuid));
  const roles = await listRoles(sql);
  return {
    items: new Map(rows.map((r) => [r.id, { name: r.name, live: !r.deletedAt }])),
    roles: new Map(roles.map((r) => [r.key, roleLabel(t, r)])),
    settings: hasPermission(who.permissions, "documents.settings.write"),
  };
}
