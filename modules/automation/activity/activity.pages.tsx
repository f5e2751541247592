import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { type C, isHtmx } from "../../../shared/http/pages.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { type MessageKey, t } from "../../../shared/i18n/i18n.ts";
import { Button, html, page } from "../../../ui/kit.ts";
import {
  activityAnswer,
  ActivityList,
  ActivityPage,
  historyLabelsFor,
  peopleNames,
  readFilters,
} from "../../../platform/activity/public.ts";
import { listActivityLog, logActors, modulesFor } from "./activity.service.ts";

const PAGE_SIZE = 25;
const RESULTS = "activity-results";

/** Entity types that have a label here; others read as the record's own name only. */
const ENTITY_TYPES = [
  "agent",
  "job",
  "run",
  "settings",
  "ticket",
  "customer",
  "contract",
  "project",
  "task",
  "file",
  "folder",
  "process",
] as const;
type EntityType = typeof ENTITY_TYPES[number];
const isEntityType = (type: string): type is EntityType =>
  (ENTITY_TYPES as readonly string[]).includes(type);

/** Verbs with a label (`automation.activity.action.<verb>`). */
type Verb =
  | "enabled"
  | "disabled"
  | "run"
  | "test-run"
  | "cancelled"
  | "failing"
  | "recovered"
  | "env-set"
  | "env-rotated"
  | "env-deleted"
  | "secret-rotated";

/** Verbs of automation records with a label of their own (others: the platform's generic ones). */
const ACTIONS: Record<string, readonly Verb[]> = {
  agent: [
    "enabled",
    "disabled",
    "test-run",
    "failing",
    "recovered",
    "env-set",
    "env-rotated",
    "env-deleted",
  ],
  job: ["enabled", "disabled", "run", "secret-rotated"],
  run: ["cancelled"],
};

function labelsFor(c: C) {
  const l = c.var.locale;
  return historyLabelsFor(c, {
    entity: (type) =>
      isEntityType(type)
        ? t(l, `automation.activity.entity.${type}` satisfies MessageKey)
        : undefined,
    action: (action, type) => {
      const verb = ACTIONS[type]?.find((v) => v === action);
      return verb ? t(l, `automation.activity.action.${verb}` satisfies MessageKey) : undefined;
    },
  });
}

/** The CSV export of what the page shows: the API's export with the page's filters. */
function csvHref(query: Record<string, string>): string {
  const params = new URLSearchParams();
  for (const k of ["module", "entityType", "entityId", "action", "from", "to"]) {
    if (query[k]) params.set(k, query[k]);
  }
  if (query.actor) params.set("userId", query.actor);
  const qs = params.toString();
  return `/api/automation/activity-log.csv${qs ? `?${qs}` : ""}`;
}

/** The download button; the filter answers replace it out of band so it follows the filters. */
function CsvButton({ c, query, oob }: { c: C; query: Record<string, string>; oob?: boolean }) {
  return (
    <span id="activity-csv" hx-swap-oob={oob ? "true" : undefined}>
      <Button href={csvHref(query)} variant="secondary" icon="download">
        {t(c.var.locale, "automation.activity.csv")}
      </Button>
    </span>
  );
}

/**
 * /automation/activity: the platform's activity timeline (filters, load more, partial swaps)
 * over every module the reader may read, with a CSV download of the same filters.
 */
async function activityLogPage(c: C) {
  const l = c.var.locale;
  const actor = actorOf(c);
  const { filter, query, cursor } = readFilters(c);
  const modules = modulesFor(actor, c.var.platform.modules);
  const list = await listActivityLog(actor, {
    modules: c.var.platform.modules,
    module: filter.module,
    userId: filter.actorId,
    entityType: filter.entityType,
    entityId: filter.entityId,
    action: filter.action,
    from: filter.from,
    to: filter.to,
    limit: PAGE_SIZE,
    cursor,
  });
  const labels = labelsFor(c);
  const title = t(l, "page.activityLog");
  const crumbs = [{ label: t(l, "module.automation"), href: "/automation" }];
  const htmx = isHtmx(c) && !c.req.header("HX-History-Restore-Request");
  // "Load more" is the platform's own answer; the filter form and full page are ours, for the
  // CSV button that follows the filters.
  if (htmx && c.req.query("part") === "items") {
    return await activityAnswer(c, { ...list, query, labels, modules, title, crumbs });
  }
  const props = {
    ...list,
    href: c.req.path,
    query,
    showSubject: true,
    showModule: true,
    filtered: Object.keys(query).length > 0,
    labels,
    names: await peopleNames({ sql: c.var.sql }, { items: list.items, people: labels.people }),
    target: RESULTS,
  };
  c.header("Vary", "HX-Request");
  if (htmx) {
    return html(
      c,
      <>
        <div id={RESULTS} class="card activity-results">
          <ActivityList {...props} />
        </div>
        <CsvButton c={c} query={query} oob />
      </>,
    );
  }
  return await page(
    c,
    title,
    <ActivityPage {...props} actors={await logActors(actor)} modules={modules} />,
    {
      crumbs,
      description: t(l, "automation.activity.description"),
      actions: <CsvButton c={c} query={query} />,
    },
  );
}

/** GET /automation/activity. */
export function mountActivityLogPages(app: Hono<AppEnv>) {
  app.get("/activity", requirePermission("automation.job.read"), activityLogPage);
}
