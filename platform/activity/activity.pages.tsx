import { isUuid } from "../../shared/http/ids.ts";
import { Hono } from "hono";
import type { VNode } from "preact";
import { renderToString } from "preact-render-to-string";
import type { AppEnv } from "../../shared/http/env.ts";
import { type C, isHtmx } from "../../shared/http/pages.ts";
import { problems } from "../../shared/http/problem.ts";
import { requirePermission } from "../../shared/rbac/permissions.ts";
import { t } from "../../shared/i18n/i18n.ts";
import { listMembers } from "../identity/public.ts";
import { type ActivityFilter, listActivity } from "./activity.service.ts";
import { page } from "../../ui/render.tsx";
import {
  ActivityItems,
  ActivityList,
  ActivityPage,
  EntityHistory,
  type TimelineQuery,
} from "./activity.view.tsx";

const MODULE = /^[a-z][a-z0-9_-]{0,40}$/;
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

/** An htmx fragment: no doctype, no shell. */
function fragment(c: C, vnode: VNode) {
  return c.html(renderToString(vnode));
}

export interface ActivityRoutesOptions {
  /** Only this module's lines (and no module filter); absent: every module's. */
  module?: string;
  /** Needed to see the page, e.g. `documents.audit.read`. */
  permission: string;
  /** i18n key of the page title. Default `page.activityLog`. */
  titleKey?: string;
  pageSize?: number;
}

/**
 * The activity page as a sub-app to mount, e.g. `pages.route("/activity", activityRoutes(...))`.
 * GET / renders the page in the shell; with HX-Request it answers the filter form with the
 * list and "load more" (`part=items`) with the next lines only.
 */
export function activityRoutes(opts: ActivityRoutesOptions) {
  return new Hono<AppEnv>().get("/", requirePermission(opts.permission), async (c) => {
    const l = c.var.locale;
    const { filter, query, cursor } = readFilters(c, opts.module);
    const list = await listActivity(c.var.sql, { ...filter, limit: opts.pageSize ?? 25, cursor });
    const props = {
      l,
      ...list,
      href: c.req.path,
      query,
      showModule: !opts.module,
      filtered: Object.keys(query).length > 0,
    };
    c.header("Vary", "HX-Request");
    const htmx = isHtmx(c) && !c.req.header("HX-History-Restore-Request");
    if (htmx && c.req.query("part") === "items") return fragment(c, <ActivityItems {...props} />);
    if (htmx) return fragment(c, <ActivityList {...props} />);
    const actors = (await listMembers(c.var.sql, { limit: 200 })).slice(0, 200);
    const modules = opts.module ? undefined : c.var.platform.modules.map((m) => m.name);
    return await page(
      c,
      t(l, opts.titleKey ?? "page.activityLog"),
      <ActivityPage {...props} actors={actors} modules={modules} target="activity-results" />,
    );
  });
}

export interface EntityHistoryOptions {
  module: string;
  entityType: string;
  entityId: string;
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
  const list = await listActivity(c.var.sql, {
    module,
    entityType,
    entityId,
    limit: opts.limit ?? 10,
  });
  return (
    <EntityHistory
      l={c.var.locale}
      {...list}
      href={opts.href}
      query={{ module, entityType, entityId }}
      headingId={opts.headingId}
    />
  );
}
