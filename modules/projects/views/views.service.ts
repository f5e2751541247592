import type { Actor } from "../../../shared/http/actor.ts";
import { Problem, problems } from "../../../shared/http/problem.ts";
import { projectAccess } from "../access/access.service.ts";
import { listTasks } from "../tasks/tasks.service.ts";
import { TaskQuery } from "../tasks/tasks.schemas.ts";
import type { ProjectAccess } from "../access/access.rules.ts";
import {
  deleteView,
  insertView,
  nextViewPosition,
  selectView,
  selectViews,
  updateView,
  type ViewFields,
} from "./views.repo.ts";
import {
  canEditView,
  canSeeView,
  cleanQuery,
  GROUPABLE_FIELD_TYPES,
  groupField,
  queryErrors,
} from "./views.rules.ts";
import { fieldsOf } from "../fields/fields.service.ts";
import {
  DEFAULT_COLUMNS,
  type NewView,
  type ViewChange,
  type ViewGroup,
  type ViewRow,
} from "./views.schemas.ts";

const withRights = (view: ViewRow, userId: string, access: ProjectAccess) => ({
  ...view,
  canEdit: canEditView(view, { userId, role: access.role }),
});

/** 422 naming each filter the task list would refuse. */
function checkQuery(query: Record<string, string>) {
  const errors = queryErrors(query);
  if (errors.length) {
    throw new Problem(
      422,
      "validation",
      "Unprocessable Content",
      `These filters are not valid: ${errors.map((e) => e.path).join(", ")}.`,
      errors,
    );
  }
}

/** A grouping by a custom field names a select, multi-select or person field of the project. */
async function checkGroup(actor: Actor, projectId: string, groupBy: ViewGroup | undefined) {
  const id = groupBy && groupField(groupBy);
  if (!id) return;
  const def = (await fieldsOf(actor, projectId)).find((f) => f.id === id);
  if (!def || !(GROUPABLE_FIELD_TYPES as readonly string[]).includes(def.type)) {
    throw new Problem(
      422,
      "validation",
      "Unprocessable Content",
      "Group by a choice field (one or several choices) or a person field of this project.",
      [{ path: "groupBy", message: "is not a choice or person field of this project" }],
    );
  }
}

/** Shared views are for people who work in the project; viewers keep personal ones. */
function checkSharing(access: ProjectAccess, shared: boolean) {
  if (shared && access.role === "viewer") {
    throw problems.forbidden("Viewers can save personal views only.");
  }
}

/** The project's views the caller may see (shared ones and their own). */
export async function listViews(actor: Actor, projectId: string) {
  const access = await projectAccess(actor, projectId);
  const rows = await selectViews(actor.sql, projectId, actor.session.userId);
  return { items: rows.map((v) => withRights(v, actor.session.userId, access)) };
}

/** A view the caller may see, or 404 (someone else's personal view does not exist for them). */
export async function getView(actor: Actor, id: string) {
  const view = await selectView(actor.sql, id);
  if (!view || !canSeeView(view, actor.session.userId)) throw problems.notFound("No such view.");
  const access = await projectAccess(actor, view.projectId).catch(() => {
    throw problems.notFound("No such view.");
  });
  return withRights(view, actor.session.userId, access);
}

export async function createView(
  actor: Actor,
  { projectId, body }: { projectId: string; body: NewView },
) {
  const access = await projectAccess(actor, projectId);
  const query = cleanQuery(body.query ?? {});
  checkQuery(query);
  await checkGroup(actor, projectId, body.groupBy);
  checkSharing(access, body.shared ?? false);
  const fields: ViewFields = {
    name: body.name,
    shared: body.shared ?? false,
    layout: body.layout,
    query,
    groupBy: body.groupBy ?? "none",
    sort: body.sort ?? "created",
    columns: [...new Set(body.columns ?? DEFAULT_COLUMNS)],
    position: body.position ?? await nextViewPosition(actor.sql, projectId),
  };
  const id = await insertView(actor.sql, projectId, actor.session.userId, fields);
  return await getView(actor, id);
}

export async function changeView(actor: Actor, { id, body }: { id: string; body: ViewChange }) {
  const before = await getView(actor, id);
  if (!before.canEdit) {
    throw problems.forbidden("Only its owner or a project manager can change this view.");
  }
  const access = await projectAccess(actor, before.projectId);
  const query = body.query === undefined ? before.query : cleanQuery(body.query);
  checkQuery(query);
  await checkGroup(actor, before.projectId, body.groupBy);
  const shared = body.shared ?? before.shared;
  if (shared !== before.shared) {
    checkSharing(access, shared);
    // Making someone else's shared view personal would hand it to nobody but its owner.
    if (before.ownerId !== actor.session.userId) {
      throw problems.forbidden("Only its owner can make a shared view personal.");
    }
  }
  await updateView(actor.sql, id, {
    name: body.name ?? before.name,
    shared,
    layout: body.layout ?? before.layout,
    query,
    groupBy: body.groupBy ?? before.groupBy,
    sort: body.sort ?? before.sort,
    columns: body.columns ? [...new Set(body.columns)] : before.columns,
    position: body.position ?? before.position,
  });
  return await getView(actor, id);
}

export async function removeView(actor: Actor, id: string) {
  const view = await getView(actor, id);
  if (!view.canEdit) {
    throw problems.forbidden("Only its owner or a project manager can delete this view.");
  }
  await deleteView(actor.sql, id);
  return view;
}

/**
 * A project's tasks through the task list's filters (the same query parameters as
 * GET /tasks), at most `limit`; filters the list refuses are dropped and reported.
 */
export async function filteredTasks(
  actor: Actor,
  { projectId, query, sort, limit }: {
    projectId: string;
    query: Record<string, string | string[]>;
    sort?: string;
    limit: number;
  },
) {
  const parsed = TaskQuery.safeParse({ ...query, ...(sort ? { sort } : {}) });
  const valid = parsed.success;
  const q = parsed.success ? parsed.data : TaskQuery.parse({});
  const page = await listTasks(actor, { ...q, projectId, limit });
  return { items: page.items, more: page.nextCursor !== null, valid, sort: q.sort };
}
