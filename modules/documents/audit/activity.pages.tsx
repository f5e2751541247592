import type { Hono } from "hono";
import type { VNode } from "preact";
import { actorOf } from "../../../shared/http/actor.ts";
import type { AppEnv } from "../../../shared/http/env.ts";
import type { C } from "../../../shared/http/pages.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import {
  activityAnswer,
  type ActivityEntry,
  activityTimeline,
  EntityHistory,
  type HistoryLabels,
  historyLabelsFor,
  listActivity,
  peopleNames,
  readFilters,
} from "../../../platform/activity/public.ts";
import { visibleTo } from "./visibility.service.ts";
import { documentsHistory, prepareEntries } from "./history.lib.ts";
import { historyNames } from "./history.service.ts";
import { moduleCrumb } from "../common/common.view.tsx";
import { tr } from "../../../ui/kit.ts";

/** The module's history labels for these lines (their files, folders and roles named). */
async function labelsFor(c: C, items: ActivityEntry[]): Promise<HistoryLabels> {
  const t = tr(c);
  const names = await historyNames(actorOf(c), { t, items });
  return historyLabelsFor(c, documentsHistory(t, c.var.locale, names));
}

/**
 * Lines the caller may see (visibility.ts), told the module's way, as a timeline naming each
 * line's file or folder: the dashboard's "recent activity".
 */
export async function recentActivity(c: C, items: ActivityEntry[]): Promise<VNode> {
  const shown = prepareEntries(tr(c), items);
  return await activityTimeline(c, shown, {
    labels: await labelsFor(c, shown),
    showSubject: true,
  });
}

/**
 * One file's history for its page: who did what and when, in the module's words; older lines
 * load from the activity log for those who may read it.
 */
export async function fileHistory(c: C, fileId: string): Promise<VNode> {
  const list = await listActivity({ sql: c.var.sql }, {
    module: "documents",
    entityType: "file",
    entityId: fileId,
    limit: 10,
  });
  const items = prepareEntries(tr(c), list.items);
  const labels = await labelsFor(c, items);
  const more = hasPermission(c.var.session.permissions, "documents.audit.read");
  return (
    <EntityHistory
      items={items}
      nextCursor={more ? list.nextCursor : null}
      href="/documents/activity"
      query={{ entityType: "file", entityId: fileId }}
      labels={labels}
      names={await peopleNames({ sql: c.var.sql }, { items, people: labels.people })}
    />
  );
}

/**
 * The module's activity log: the platform's timeline page (filters, paging, partials) with
 * the module's verbs and labels, and the lines about files and folders the caller may not see
 * left out (see visibility.ts).
 */
export const mountActivityPages = (app: Hono<AppEnv>) => {
  app.get("/activity", requirePermission("documents.audit.read"), async (c) => {
    const l = c.var.locale;
    const { filter, query, cursor } = readFilters(c, "documents");
    const list = await listActivity({ sql: c.var.sql }, { ...filter, limit: 25, cursor });
    const v = await visibleTo(actorOf(c));
    const items = prepareEntries(tr(c), await v.entries(list.items));
    return await activityAnswer(c, {
      items,
      nextCursor: list.nextCursor,
      query,
      labels: await labelsFor(c, items),
      title: t(l, "page.activityLog"),
      crumbs: [moduleCrumb(tr(c))],
    });
  });
};
