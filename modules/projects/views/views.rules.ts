import { TaskQuery } from "../tasks/tasks.schemas.ts";
import type { MemberRole } from "../access/access.rules.ts";
import {
  DEFAULT_COLUMNS,
  FIELD_GROUP,
  VIEW_COLUMNS,
  VIEW_GROUPS,
  type ViewColumn,
  type ViewGroup,
} from "./views.schemas.ts";

/** The task list's filters a view may keep: every TaskQuery parameter but the project and sort. */
const ViewQuery = TaskQuery.omit({ projectId: true, sort: true }).strict();

/**
 * Problems of a view's filters, one per parameter, named `query.<parameter>` (an unknown
 * parameter too): whatever filters TaskQuery gains are accepted here without a change.
 */
export function queryErrors(query: Record<string, string>): { path: string; message: string }[] {
  const parsed = ViewQuery.safeParse(query);
  if (parsed.success) return [];
  return parsed.error.issues.flatMap((issue) => {
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((k) => ({ path: `query.${k}`, message: "Unknown filter" }));
    }
    return [{ path: ["query", ...issue.path.map(String)].join("."), message: issue.message }];
  });
}

/** Empty values are no filter: they are dropped before a view is saved. */
export function cleanQuery(query: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== ""));
}

/** Who may change a view: its owner; a shared one also the project's managers. */
export function canEditView(
  view: { ownerId: string; shared: boolean },
  who: { userId: string; role: MemberRole },
): boolean {
  return view.ownerId === who.userId || (view.shared && who.role === "manager");
}

/** Who may see a view: a shared one every member, a personal one only its owner. */
export function canSeeView(view: { ownerId: string; shared: boolean }, userId: string): boolean {
  return view.shared || view.ownerId === userId;
}

/** A grouping from a query string value (anything else is no grouping). */
export function groupOf(value: string | undefined): ViewGroup {
  const v = value ?? "";
  return (VIEW_GROUPS as readonly string[]).includes(v) || FIELD_GROUP.test(v)
    ? v as ViewGroup
    : "none";
}

/** The custom field a grouping names, if it names one. */
export const groupField = (g: ViewGroup): string | null =>
  g.startsWith("field:") ? g.slice(6) : null;

/** Fields a list can be grouped by: one value (or a few) from a known set. */
export const GROUPABLE_FIELD_TYPES = ["select", "multi_select", "person"] as const;

/**
 * Visible columns from the query string (repeated and/or comma-separated values, in the kit's
 * order); the parameter absent: the defaults.
 */
export function columnsOf(values: string[] | undefined): ViewColumn[] {
  if (values === undefined) return [...DEFAULT_COLUMNS];
  const asked = new Set(values.flatMap((v) => v.split(",")));
  return VIEW_COLUMNS.filter((c) => asked.has(c));
}

/** Where a saved view opens: its layout's page with its filters (and grouping, sort, columns). */
export function viewUrl(
  v: {
    id: string;
    projectId: string;
    layout: string;
    query: Record<string, string>;
    groupBy: string;
    sort: string;
    columns: string[];
  },
): string {
  const base = `/projects/projects/${v.projectId}`;
  const q = new URLSearchParams(v.query);
  switch (v.layout) {
    case "timeline":
      if (v.groupBy !== "none") q.set("groupBy", v.groupBy);
      return `${base}/timeline${q.size ? `?${q}` : ""}`;
    case "calendar":
      return `${base}/calendar?${new URLSearchParams({ viewId: v.id })}${q.size ? `&${q}` : ""}`;
    case "board":
      return `${base}?${new URLSearchParams({ view: "board", viewId: v.id })}${
        q.size ? `&${q}` : ""
      }`;
    default: {
      const extra = new URLSearchParams({
        view: "list",
        viewId: v.id,
        groupBy: v.groupBy,
        sort: v.sort,
        columns: v.columns.join(","),
      });
      return `${base}?${extra}${q.size ? `&${q}` : ""}`;
    }
  }
}

/** Parameters of the project page that are not task filters. */
export const PAGE_PARAMS = ["view", "groupBy", "columns", "sort", "viewId", "cursor", "month"];

/** The task filters of a page's query string (only those TaskQuery accepts; empty ones dropped). */
export function filtersOf(raw: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (v === "" || PAGE_PARAMS.includes(k) || k === "projectId") continue;
    out[k] = v;
  }
  return out;
}

/** Groups tasks by a key in first-seen order (the list is already sorted). */
export function groupTasks<T>(
  tasks: T[],
  keysOf: (task: T) => string[],
): { key: string; tasks: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const task of tasks) {
    const keys = keysOf(task);
    for (const key of keys.length ? keys : [""]) {
      const list = groups.get(key);
      if (list) list.push(task);
      else groups.set(key, [task]);
    }
  }
  return [...groups].map(([key, tasks]) => ({ key, tasks }));
}
