/** Pure rules of saved task-list filters: who sees and changes one, and what it asks for. */
import type { TaskQuery } from "../tasks/tasks.schemas.ts";
import type { TaskFilterQuery } from "./filters.schemas.ts";

/** Sharing a filter, and changing a shared one, is for those who curate the team's lists. */
export const FILTER_SHARE = "workflow.filter.write";
/** Filters one person keeps at most (their own; shared ones do not count). */
export const MAX_OWN_FILTERS = 100;

/** The task list page of each view. */
export const VIEW_PATHS = {
  mine: "/workflow/my-tasks",
  pool: "/workflow/task-pool",
  all: "/workflow/tasks",
} as const;

/** Only its owner sees a personal filter; everyone who reads tasks sees a shared one. */
export const canSee = (f: { ownerId: string; shared: boolean }, me: string) =>
  f.shared || f.ownerId === me;

/** A shared filter is changed by curators (its owner included only while one); a personal one by its owner. */
export const canEdit = (f: { ownerId: string; shared: boolean }, me: string, canShare: boolean) =>
  f.shared ? canShare : f.ownerId === me;

/** The owner may always delete their own filter, shared or not; curators any shared one. */
export const canDelete = (f: { ownerId: string; shared: boolean }, me: string, canShare: boolean) =>
  f.ownerId === me || (f.shared && canShare);

/** A relative due filter as the task list's bounds at `now` (UTC day). */
export function dueBounds(due: TaskFilterQuery["due"], now: Date): Partial<TaskQuery> {
  if (due === "overdue") return { overdue: "true" };
  if (due === "today") {
    const end = new Date(now);
    end.setUTCHours(24, 0, 0, 0);
    return { dueBefore: end.toISOString() };
  }
  if (due === "week") return { dueBefore: new Date(now.getTime() + 7 * 86_400_000).toISOString() };
  if (due === "followUp") return { followUpBefore: now.toISOString() };
  return {};
}

/** The task list query a filter stands for at `now` (paging added by the caller). */
export function taskQueryOf(
  f: TaskFilterQuery,
  now: Date,
): Omit<TaskQuery, "limit" | "cursor"> {
  return {
    view: f.view ?? "mine",
    q: f.q || undefined,
    state: f.state,
    priority: f.priority,
    definitionId: f.definitionId,
    ...dueBounds(f.due, now),
  };
}

/** The page's own query string for a filter (the list page reads q, priority, state, due). */
export function pageHref(f: TaskFilterQuery, id?: string): string {
  const params = new URLSearchParams();
  for (const k of ["q", "priority", "state", "due"] as const) if (f[k]) params.set(k, f[k]!);
  if (id) params.set("filter", id);
  const qs = params.toString();
  return `${VIEW_PATHS[f.view ?? "mine"]}${qs ? `?${qs}` : ""}`;
}
