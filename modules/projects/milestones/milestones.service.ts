import type { z } from "@hono/zod-openapi";
import type { Actor } from "../../../shared/http/actor.ts";
import { Problem, problems } from "../../../shared/http/problem.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import { projectAccess, requireProjectRole } from "../access/access.service.ts";
import { progressOf } from "../timeline/schedule.rules.ts";
import { projectDates } from "../timeline/timeline.repo.ts";
import type {
  CreateMilestoneBody,
  Milestone,
  MilestoneRow,
  UpdateMilestoneBody,
} from "./milestones.schemas.ts";
import {
  deleteMilestone,
  insertMilestone,
  milestoneProject,
  selectMilestone,
  selectMilestones,
  updateMilestone,
} from "./milestones.repo.ts";

/** The API shape: counts folded into a progress object. */
export function toMilestone(r: MilestoneRow) {
  const { total, done, estimateHours, doneHours, ...m } = r;
  return { ...m, progress: progressOf({ total, done, estimateHours, doneHours }) };
}

/** A project's milestones by date, for anyone who sees the project (404 otherwise). */
export async function listMilestones(actor: Actor, projectId: string): Promise<Milestone[]> {
  await projectAccess(actor, projectId);
  return (await selectMilestones(actor.sql, projectId)).map(toMilestone);
}

/** One milestone and the caller's access to its project, or 404. */
export async function getMilestone(actor: Actor, id: string) {
  const projectId = await milestoneProject(actor.sql, id);
  if (!projectId) throw problems.notFound("No such milestone.");
  const access = await projectAccess(actor, projectId).catch(() => {
    throw problems.notFound("No such milestone.");
  });
  return { milestone: toMilestone((await selectMilestone(actor.sql, id))!), access };
}

/** 422 naming `date` when the milestone falls outside the project's dates. */
async function checkDate(actor: Actor, projectId: string, date: string) {
  const p = await projectDates(actor.sql, projectId);
  if (p?.startDate && date < p.startDate || p?.dueDate && date > p.dueDate) {
    throw new Problem(
      422,
      "business-rule",
      "Unprocessable Content",
      "The milestone's date is outside the project's dates.",
      [{ path: "date", message: "Outside the project's start and due dates" }],
    );
  }
}

export async function createMilestone(
  actor: Actor,
  { projectId, body }: { projectId: string; body: z.infer<typeof CreateMilestoneBody> },
) {
  await requireProjectRole(actor, { projectId, needed: "manager" });
  await checkDate(actor, projectId, body.date);
  const id = await insertMilestone(actor.sql, projectId, actor.session.userId, {
    name: body.name,
    date: body.date,
    description: body.description ?? "",
  });
  const m = toMilestone((await selectMilestone(actor.sql, id))!);
  await recordActivity(actor, {
    module: "projects",
    entityType: "milestone",
    entityId: id,
    action: "created",
    summary: `Created milestone ${m.name}`,
    after: { projectId, name: m.name, date: m.date, description: m.description },
  });
  return m;
}

export async function changeMilestone(
  actor: Actor,
  { id, body }: { id: string; body: z.infer<typeof UpdateMilestoneBody> },
) {
  const { milestone: before } = await getMilestone(actor, id);
  await requireProjectRole(actor, { projectId: before.projectId, needed: "manager" });
  const next = {
    name: body.name ?? before.name,
    date: body.date ?? before.date,
    description: body.description ?? before.description,
  };
  if (body.date) await checkDate(actor, before.projectId, next.date);
  await updateMilestone(actor.sql, id, next);
  const after = toMilestone((await selectMilestone(actor.sql, id))!);
  await recordActivity(actor, {
    module: "projects",
    entityType: "milestone",
    entityId: id,
    action: "updated",
    summary: `Updated milestone ${after.name}`,
    before: { name: before.name, date: before.date, description: before.description },
    after: next,
  });
  return after;
}

/** Deletes a milestone; its tasks stay, without a milestone. */
export async function removeMilestone(actor: Actor, id: string) {
  const { milestone } = await getMilestone(actor, id);
  await requireProjectRole(actor, { projectId: milestone.projectId, needed: "manager" });
  await deleteMilestone(actor.sql, id);
  await recordActivity(actor, {
    module: "projects",
    entityType: "milestone",
    entityId: id,
    action: "deleted",
    summary: `Deleted milestone ${milestone.name}`,
    before: { name: milestone.name, date: milestone.date },
  });
}
