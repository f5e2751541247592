import "../common/common.messages.ts"; // the default status names it uses
import { mayUse } from "./statuses.rules.ts";
import type { z } from "@hono/zod-openapi";
import type { Actor, SystemActor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import type { ProjectAccess } from "../access/access.rules.ts";
import { projectAccess, requireProjectRole } from "../access/access.service.ts";
import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import type { PutStatusFlowBody, StatusRow } from "./statuses.schemas.ts";
import { defaultFlow } from "./statuses.rules.ts";
import {
  deleteStatus,
  insertStatus,
  moveTasks,
  replaceTransitions,
  rewriteStatuses,
  selectStatuses,
  selectTransitions,
  syncDoneAt,
} from "./statuses.repo.ts";

/** A new project's statuses, named in the creator's language (see statuses.rules.ts). */
export async function createDefaultFlow(
  { sql }: Pick<SystemActor, "sql">,
  { projectId, locale }: { projectId: string; locale: Locale },
) {
  const flow = defaultFlow((key) => t(locale, `projects.defaultStatus.${key}`));
  for (const [position, s] of flow.entries()) {
    await insertStatus(sql, projectId, { ...s, position });
  }
}

export async function readFlow({ sql }: Pick<SystemActor, "sql">, projectId: string) {
  return {
    items: await selectStatuses(sql, projectId),
    transitions: await selectTransitions(sql, projectId),
  };
}

export async function getFlow(actor: Actor, projectId: string) {
  const { sql, session } = actor;
  await projectAccess({ sql, session }, projectId);
  return await readFlow({ sql }, projectId);
}

/**
 * Replaces a project's flow. Existing statuses keep their id (and tasks) when renamed or
 * moved; a removed status that still has tasks needs a target in `moveTasks`.
 */
export async function putFlow(
  actor: Actor,
  { projectId, body }: { projectId: string; body: z.infer<typeof PutStatusFlowBody> },
) {
  const { sql, session } = actor;
  await requireProjectRole({ sql, session }, { projectId: projectId, needed: "manager" });
  const before = await readFlow({ sql }, projectId);
  const names = body.statuses.map((s) => s.name.toLowerCase());
  if (new Set(names).size !== names.length) {
    throw problems.unprocessable("Status names must be unique within a project.");
  }
  if (!body.statuses.some((s) => s.category === "open")) {
    throw problems.unprocessable("A flow needs at least one open status.");
  }
  const existing = new Map(before.items.map((s) => [s.id, s]));
  for (const s of body.statuses) {
    if (s.id && !existing.has(s.id)) {
      throw problems.unprocessable(`Status ${s.id} is not part of this project.`);
    }
  }
  const kept = new Set(body.statuses.flatMap((s) => (s.id ? [s.id] : [])));
  if (kept.size !== body.statuses.filter((s) => s.id).length) {
    throw problems.unprocessable("Each existing status may appear once in the flow.");
  }
  const removed = before.items.filter((s) => !kept.has(s.id));
  const targetOf = new Map(body.moveTasks.map((m) => [m.from, m.to.toLowerCase()]));
  for (const r of removed) {
    if (r.taskCount > 0 && !targetOf.has(r.id)) {
      throw problems.unprocessable(
        `The status "${r.name}" still has ${r.taskCount} task(s); say where they move.`,
      );
    }
    const to = targetOf.get(r.id);
    if (to !== undefined && !names.includes(to)) {
      throw problems.unprocessable(`The target status "${to}" is not in the new flow.`);
    }
  }
  // Every check before the first write: a refused flow leaves nothing to show half-done.
  for (const t of body.transitions) {
    if (!names.includes(t.from.toLowerCase()) || !names.includes(t.to.toLowerCase())) {
      throw problems.unprocessable(`The transition ${t.from} → ${t.to} names an unknown status.`);
    }
  }

  await rewriteStatuses(
    sql,
    projectId,
    body.statuses.flatMap((s, position) => (s.id ? [{ ...s, id: s.id, position }] : [])),
  );
  const idByName = new Map<string, string>();
  for (const [position, s] of body.statuses.entries()) {
    const id = s.id ?? await insertStatus(sql, projectId, { ...s, position });
    idByName.set(s.name.toLowerCase(), id);
  }
  for (const r of removed) {
    const to = targetOf.get(r.id);
    if (to !== undefined) await moveTasks(sql, projectId, r.id, idByName.get(to)!);
    await deleteStatus(sql, projectId, r.id);
  }
  const transitions = body.transitions.map((t) => ({
    fromStatusId: idByName.get(t.from.toLowerCase())!,
    toStatusId: idByName.get(t.to.toLowerCase())!,
    roles: [...new Set(t.roles)],
  }));
  const unique = new Map(transitions.map((t) => [`${t.fromStatusId}>${t.toStatusId}`, t]));
  await replaceTransitions(sql, projectId, [...unique.values()]);
  await syncDoneAt(sql, projectId);
  const after = await readFlow({ sql }, projectId);
  const shape = (f: typeof before) => ({
    statuses: f.items.map((s) => `${s.name} (${s.category})`),
    transitions: f.transitions.length,
  });
  await recordActivity({ sql }, {
    module: "projects",
    entityType: "project",
    entityId: projectId,
    action: "flow-changed",
    summary: "Changed the status flow",
    before: shape(before),
    after: { ...shape(after), projectId },
  });
  return after;
}

/** Whether a transition rule lets this caller's project role make the move. */

/** 422 unless the caller's project role may move a task from one status to the other. */
export async function checkTransition(
  { sql }: Pick<SystemActor, "sql">,
  { access, from, to }: { access: ProjectAccess; from: string; to: string },
) {
  if (from === to) return;
  const all = await selectTransitions(sql, access.projectId);
  if (all.length === 0) return;
  const rule = all.find((t) => t.fromStatusId === from && t.toStatusId === to);
  if (!rule) {
    throw problems.unprocessable("This status change is not allowed by the project's flow.");
  }
  if (!mayUse(access, rule.roles)) {
    throw problems.unprocessable(
      `Only ${rule.roles.join(", ")} may make this status change.`,
    );
  }
}

/** The project's statuses in flow order, for pages that have already checked access. */
export const statusesOf = (
  { sql }: Pick<SystemActor, "sql">,
  projectId: string,
): Promise<StatusRow[]> => selectStatuses(sql, projectId);
