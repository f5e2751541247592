import { isUuid } from "../../shared/http/ids.ts";
import { Hono } from "hono";
import type { VNode } from "preact";
import type { AppEnv } from "../../shared/http/env.ts";
import { type C, isHtmx } from "../../shared/http/pages.ts";
import { problems } from "../../shared/http/problem.ts";
import { requirePermission } from "../../shared/rbac/permissions.ts";
import { type MessageKey, t } from "../../shared/i18n/i18n.ts";
import { listMembers } from "../identity/public.ts";
import {
  type ActivityEntry,
  type ActivityFilter,
  listActivity,
  peopleNames,
} from "./activity.service.ts";
import { html, page, tr } from "../../ui/render.tsx";
import { moduleLabel } from "../../ui/kit.ts";
import {
  defaultHistoryLabels,
  type HistoryLabels,
  historyLabels,
  type HistoryLabelSpec,
} from "./activity.labels.lib.ts";
import {
  ActivityItems,
  ActivityNextItems,
  ActivityPage,
  ActivityResults,
  EntityHistory,
  type TimelineQuery,
} from "./activity.view.tsx";

const MODULE = /^[a-z][a-z0-9_-]{0,40}$/;
const LIST_ID = /^[a-z][a-z0-9-]{0,60}$/;
const TEXT_FIELDS = ["action", "entityType", "entityId"] as const;

/** `YYYY-MM-DD` → that day's start in UTC (plus `days`), or a 400 naming the field. */
function day(field: string, value: string, days = 0): string {
  const ms = /^\d{4}-\d\d-\d\d$/.test(value) ? Date.parse(`${value}T00:00:00Z`) : NaN;
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value) {
    throw problems.validation([{ path: `query.${field}`, message: "Expected a date YYYY-MM-DD" }]);
  }
  return new Date(ms + days * 86_400_000).toISOString();
}

/**
 * The timeline's filters from the query string: `actor` (a user id or `system`), `action`,
 * `entityType`, `entityId`, `from` and `to` (dates, both inclusive), `module` (only when the
 * page is not bound to one). Returns the filter and the same values for building links.
 */
export function readFilters(c: C, module?: string) {
  const raw = (k: string) => (c.req.query(k) ?? "").trim();
  const query: TimelineQuery = {};
  const filter: ActivityFilter = {};
  if (module) filter.module = module;
  else if (raw("module")) {
    if (!MODULE.test(raw("module"))) {
      throw problems.validation([{ path: "query.module", message: "Unknown module" }]);
    }
    filter.module = query.module = raw("module");
  }
  const actor = raw("actor");
  if (actor === "system") filter.actorId = null;
  else if (isUuid(actor)) filter.actorId = actor.toLowerCase();
  else if (actor) throw problems.validation([{ path: "query.actor", message: "Invalid actor" }]);
  if (actor) query.actor = actor;
  for (const k of TEXT_FIELDS) {
    const v = raw(k);
    if (v.length > 200) throw problems.validation([{ path: `query.${k}`, message: "Too long" }]);
    if (v) filter[k] = query[k] = v;
  }
  if (raw("from")) (filter.from = day("from", raw("from"))), (query.from = raw("from"));
  if (raw("to")) (filter.to = day("to", raw("to"), 1)), (query.to = raw("to"));
  return { filter, query, cursor: c.req.query("cursor") || undefined };
}

/** historyLabels() for this request's reader (language, tenant time zone). */
export const historyLabelsFor = (c: C, spec: HistoryLabelSpec = {}): HistoryLabels =>
  historyLabels({ locale: c.var.locale, timeZone: c.var.timeZone }, spec);

export interface ActivityAnswer {
  items: ActivityEntry[];
  nextCursor: string | null;
  query: TimelineQuery;
  labels?: HistoryLabels;
  /** Page title; default the activity log's. */
  title?: string;
  /** Module names for the module filter (pages across modules only). */
  modules?: string[];
  crumbs?: { label: string; href?: string }[];
}

/**
 * The answer of an activity page, whichever part was asked: "load more" (`part=items`, htmx)
 * gets the next lines, the filter form (htmx) the results area, anyone else the whole page
 * in the shell. Modules with their own visibility rules filter `items` and call this.
 */
export async function activityAnswer(c: C, a: ActivityAnswer) {
  const l = c.var.locale;
  const labels = a.labels ?? defaultHistoryLabels({ locale: l, timeZone: c.var.timeZone });
  const names = await peopleNames({ sql: c.var.sql }, { items: a.items, people: labels.people });
  const listId = c.req.query("list") ?? "";
  const props = {
    items: a.items,
    nextCursor: a.nextCursor,
    href: c.req.path,
    query: a.query,
    showSubject: !a.query.entityId,
    showModule: !!a.modules,
    filtered: Object.keys(a.query).length > 0,
    labels,
    names,
    target: "activity-results",
  };
  c.header("Vary", "HX-Request");
  const htmx = isHtmx(c) && !c.req.header("HX-History-Restore-Request");
  if (htmx && c.req.query("part") === "items") {
    return html(
      c,
      <ActivityNextItems {...props} listId={LIST_ID.test(listId) ? listId : undefined} />,
    );
  }
  if (htmx) return html(c, <ActivityResults {...props} />);
  const actors = (await listMembers(c.var.sql, { limit: 200 })).slice(0, 200);
  return await page(
    c,
    a.title ?? t(l, "page.activityLog"),
    <ActivityPage {...props} actors={actors} modules={a.modules} />,
    { crumbs: a.crumbs },
  );
}

export interface ActivityRoutesOptions {
  /** Only this module's lines (and no module filter); absent: every module's. */
  module?: string;
  /** Needed to see the page, e.g. `documents.audit.read`. */
  permission: string;
  /** i18n key of the page title. Default `page.activityLog`. */
  titleKey?: MessageKey;
  pageSize?: number;
  /** The module's history labels for this request (see historyLabelsFor). */
  labels?: (c: C) => HistoryLabels;
}

/**
 * The activity page as a sub-app to mount, e.g. `pages.route("/activity", activityRoutes(...))`.
 * GET / renders the page in the shell; with HX-Request it answers the filter form with the
 * results and "load more" (`part=items`) with the next lines only.
 */
export function activityRoutes(opts: ActivityRoutesOptions) {
  return new Hono<AppEnv>().get("/", requirePermission(opts.permission), async (c) => {
    const { filter, query, cursor } = readFilters(c, opts.module);
    const list = await listActivity({ sql: c.var.sql }, {
      ...filter,
      limit: opts.pageSize ?? 25,
      cursor,
    });
    const crumbs = opts.module
      ? [{ label: moduleLabel(tr(c), opts.module), href: `/${opts.module}` }]
      : undefined;
    return await activityAnswer(c, {
      ...list,
      query,
      labels: opts.labels?.(c),
      title: t(c.var.locale, opts.titleKey ?? "page.activityLog"),
      modules: opts.module ? undefined : c.var.platform.modules.map((m) => m.name),
      crumbs,
    });
  });
}

export interface EntityHistoryOptions {
  module: string;
  entityType: string;
  entityId: string;
  /** How the module's verbs, fields and values read (historyLabelsFor(c, …)). */
  labels?: HistoryLabels;
  /** Lines shown at first. Default 10. */
  limit?: number;
  /**
   * Path of an `activityRoutes` page (e.g. `/documents/activity`) that serves the older
   * lines; without it there is no "load more".
   */
  href?: string;
  /** id of the section heading, when a page shows more than one history. */
  headingId?: string;
}

/**
 * One record's history for its detail page, read in the request's transaction. The caller has
 * already checked that the user may see the record.
 */
export async function entityHistory(c: C, opts: EntityHistoryOptions): Promise<VNode> {
  const { module, entityType, entityId } = opts;
  const list = await listActivity({ sql: c.var.sql }, {
    module,
    entityType,
    entityId,
    limit: opts.limit ?? 10,
  });
  const labels = opts.labels ??
    defaultHistoryLabels({ locale: c.var.locale, timeZone: c.var.timeZone });
  return (
    <EntityHistory
      {...list}
      labels={labels}
      names={await peopleNames({ sql: c.var.sql }, { items: list.items, people: labels.people })}
      href={opts.href}
      query={{ module, entityType, entityId }}
      headingId={opts.headingId}
    />
  );
}

/**
 * Lines a module read itself (a feed, a dashboard's latest few) as a timeline, with the
 * people fields resolved to names.
 */
export async function activityTimeline(
  c: C,
  items: ActivityEntry[],
  opts: { labels?: HistoryLabels; showSubject?: boolean } = {},
): Promise<VNode> {
  const labels = opts.labels ??
    defaultHistoryLabels({ locale: c.var.locale, timeZone: c.var.timeZone });
  return (
    <ActivityItems
      items={items}
      nextCursor={null}
      labels={labels}
      names={await peopleNames({ sql: c.var.sql }, { items, people: labels.people })}
      showSubject={opts.showSubject}
    />
  );
}
