/**
 * Saved task-list filters (Camunda's task filters): a name and the task list's query, personal
 * or shared with everyone who reads tasks. Sharing, and changing a shared filter, needs
 * FILTER_SHARE. A filter the caller cannot see is not found (404), like another tenant's.
 */
import { uuidv7 } from "uuidv7";
import type { Actor } from "../../../shared/http/actor.ts";
import { decodeCursor, toPage } from "../../../shared/http/paging.ts";
import { problems } from "../../../shared/http/problem.ts";
import { hasPermission } from "../../../shared/rbac/permissions.ts";
import { listTasks } from "../tasks/tasks.service.ts";
import {
  countOwn,
  deleteFilter,
  type FilterRow,
  findFilter,
  insertFilter,
  selectVisible,
  updateFilter,
} from "./filters.repo.ts";
import {
  canDelete,
  canEdit,
  canSee,
  FILTER_SHARE,
  MAX_OWN_FILTERS,
  taskQueryOf,
} from "./filters.rules.ts";
import type { TaskFilter, TaskFilterInput, TaskFilterUpdate } from "./filters.schemas.ts";

const canShare = (actor: Actor) => hasPermission(actor.session.permissions, FILTER_SHARE);

const toFilter = (actor: Actor, r: FilterRow): TaskFilter => ({
  ...r,
  canEdit: canEdit(r, actor.session.userId, canShare(actor)),
});

async function visible(actor: Actor, id: string, lock = false): Promise<FilterRow> {
  const row = await findFilter(actor.sql, id, lock);
  if (!row || !canSee(row, actor.session.userId)) throw problems.notFound("No such task filter.");
  return row;
}

const mustShare = (actor: Actor) => {
  if (!canShare(actor)) {
    throw problems.forbidden("Sharing task filters needs the permission to manage shared filters.");
  }
};

export async function listFilters(
  actor: Actor,
  { limit, cursor }: { limit: number; cursor?: string },
): Promise<{ items: TaskFilter[]; nextCursor: string | null }> {
  const after = decodeCursor(cursor, ["number", "text", "uuid"]) as
    | [number, string, string]
    | null;
  const rows = await selectVisible(actor.sql, actor.session.userId, limit, after);
  const page = toPage(rows, limit, (r) => [r.position, r.name, r.id]);
  return { items: page.items.map((r) => toFilter(actor, r)), nextCursor: page.nextCursor };
}

export async function getFilter(actor: Actor, id: string): Promise<TaskFilter> {
  return toFilter(actor, await visible(actor, id));
}

export async function createFilter(actor: Actor, input: TaskFilterInput): Promise<TaskFilter> {
  if (input.shared) mustShare(actor);
  const me = actor.session.userId;
  if (await countOwn(actor.sql, me) >= MAX_OWN_FILTERS) {
    throw problems.unprocessable(`You keep ${MAX_OWN_FILTERS} task filters; delete one first.`);
  }
  const id = uuidv7();
  await insertFilter(actor.sql, { id, ownerId: me, ...input });
  return await getFilter(actor, id);
}

export async function changeFilter(
  actor: Actor,
  { id, input }: { id: string; input: TaskFilterUpdate },
): Promise<TaskFilter> {
  const before = await visible(actor, id, true);
  if (!canEdit(before, actor.session.userId, canShare(actor))) {
    throw problems.forbidden("Changing a shared task filter needs the permission to share them.");
  }
  if (input.shared === true && !before.shared) mustShare(actor);
  await updateFilter(actor.sql, id, {
    name: input.name ?? before.name,
    shared: input.shared ?? before.shared,
    query: input.query ?? before.query,
    position: input.position ?? before.position,
  });
  return await getFilter(actor, id);
}

export async function removeFilter(actor: Actor, id: string): Promise<void> {
  const row = await visible(actor, id, true);
  if (!canDelete(row, actor.session.userId, canShare(actor))) {
    throw problems.forbidden("Deleting a shared task filter needs the permission to share them.");
  }
  await deleteFilter(actor.sql, id);
}

/** GET /task-filters/{id}/tasks: the task list the filter stands for, now. */
export async function filterTasks(
  actor: Actor,
  { id, limit, cursor }: { id: string; limit: number; cursor?: string },
) {
  const f = await visible(actor, id);
  return await listTasks(actor, { ...taskQueryOf(f.query, new Date()), limit, cursor });
}
