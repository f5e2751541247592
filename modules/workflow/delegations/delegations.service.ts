/**
 * Handing tasks over: delegating one (it comes back to its assignee once the delegate resolves
 * it, as in Camunda), reassigning one for good, and standing delegations that route new tasks
 * of an absent person to their substitute.
 */
import type { Actor } from "../../../shared/http/actor.ts";
import { decodeCursor, toPage } from "../../../shared/http/paging.ts";
import { problems } from "../../../shared/http/problem.ts";
import { assertWorker, loadTask, recordTaskEvent, saveTask } from "../tasks/tasks.service.ts";
import { isSupervisor, mustBeOpen, permitted, toTask } from "../tasks/tasks.rules.ts";
import { tellAboutTask } from "../tasks/tasks.notify.service.ts";
import { publishWorkflow } from "../events.ts";
import {
  definitionChoices,
  definitionExists,
  findStanding,
  insertStanding,
  revokeStanding as revokeRow,
  selectHandovers,
  selectStanding,
} from "./delegations.repo.ts";
import type {
  Handover,
  HandoverInput,
  Standing,
  StandingInput,
  StandingQuery,
} from "./delegations.schemas.ts";

/** PUT /delegations: delegate or reassign one task. */
export async function handOver(actor: Actor, input: HandoverInput) {
  const { sql } = actor;
  const me = actor.session.userId;
  const row = await loadTask(actor, { id: input.taskId, lock: true });
  mustBeOpen(row);
  const can = permitted(row, actor.session);
  if (input.mode === "delegate" ? !can.delegate : !can.reassign) {
    if (input.mode === "delegate" && row.state === "created") {
      throw problems.conflict("Claim the task before delegating it.");
    }
    throw problems.forbidden(
      input.mode === "delegate"
        ? "Only the task's assignee can delegate it."
        : "Only the assignee, the owner or a supervisor can reassign the task.",
    );
  }
  if (input.toUserId === row.assignee) {
    throw problems.validation([{ path: "toUserId", message: "Already works on this task" }]);
  }
  await assertWorker(actor, { userId: input.toUserId, path: "toUserId" });
  const note = input.note ? { note: input.note } : {};
  if (input.mode === "delegate") {
    // A delegate passing it on keeps the original owner: it still returns to them.
    const owner = row.state === "delegated" && row.owner ? row.owner : row.assignee;
    if (owner === input.toUserId) {
      throw problems.validation([{ path: "toUserId", message: "The task returns to this person" }]);
    }
    await saveTask(sql, row.id, { state: "delegated", owner, assignee: input.toUserId });
  } else {
    await saveTask(sql, row.id, {
      assignee: input.toUserId,
      state: row.state === "created" ? "claimed" : row.state,
      claimedAt: new Date(),
    });
  }
  await recordTaskEvent(sql, {
    taskId: row.id,
    event: input.mode === "delegate" ? "delegated" : "reassigned",
    actor: me,
    fromUser: row.assignee,
    toUser: input.toUserId,
    data: note,
  });
  await tellAboutTask(actor, {
    userId: input.toUserId,
    kind: input.mode === "delegate" ? "delegated" : "assigned",
    task: row,
  });
  await publishWorkflow(sql, "workflow.task.assigned", {
    taskId: row.id,
    name: row.name,
    assignee: input.toUserId,
    instanceId: row.instanceId,
  });
  return toTask(await loadTask(actor, { id: row.id }));
}

export async function listHandovers(
  actor: Actor,
  q: { view: "given" | "received"; limit: number; cursor?: string },
) {
  const after = decodeCursor(q.cursor, ["uuid"]);
  const rows = await selectHandovers(actor.sql, {
    view: q.view,
    me: actor.session.userId,
    limit: q.limit,
    after: after ? String(after[0]) : null,
  });
  const page = toPage(rows, q.limit, (r) => [r.id]);
  return { items: page.items as Handover[], nextCursor: page.nextCursor };
}

export async function listStanding(actor: Actor, q: StandingQuery) {
  if (q.view === "all" && !isSupervisor(actor.session)) {
    throw problems.forbidden(
      "Seeing everyone's delegations needs the permission to manage processes.",
    );
  }
  const items = await selectStanding(actor.sql, {
    view: q.view,
    me: actor.session.userId,
    includeEnded: q.ended === "true",
  });
  return { items: items as Standing[] };
}

export async function createStanding(actor: Actor, input: StandingInput) {
  const me = actor.session.userId;
  const fromUser = input.fromUserId ?? me;
  if (fromUser !== me && !isSupervisor(actor.session)) {
    throw problems.forbidden("Only a supervisor can set up a delegation for someone else.");
  }
  const errors = [];
  if (input.toUserId === fromUser) {
    errors.push({ path: "toUserId", message: "Cannot be the person being substituted" });
  }
  if (Date.parse(input.endsAt) <= Date.parse(input.startsAt)) {
    errors.push({ path: "endsAt", message: "Must be after the start" });
  } else if (Date.parse(input.endsAt) <= Date.now()) {
    errors.push({ path: "endsAt", message: "Must be in the future" });
  }
  if (input.definitionId && !(await definitionExists(actor.sql, input.definitionId))) {
    errors.push({ path: "definitionId", message: "No such process definition" });
  }
  if (errors.length) throw problems.validation(errors);
  await assertWorker(actor, { userId: input.toUserId, path: "toUserId" });
  const id = await insertStanding(actor.sql, {
    fromUser,
    toUser: input.toUserId,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    definitionId: input.definitionId ?? null,
    reason: input.reason,
    createdBy: me,
  });
  return (await findStanding(actor.sql, id)) as Standing;
}

export async function revokeStanding(actor: Actor, id: string) {
  const me = actor.session.userId;
  const row = await findStanding(actor.sql, id);
  const sup = isSupervisor(actor.session);
  if (!row || !(sup || [row.fromUser, row.toUser, row.createdBy].includes(me))) {
    throw problems.notFound("No such delegation.");
  }
  if (!(sup || row.fromUser === me || row.createdBy === me)) {
    throw problems.forbidden("Only the person substituted or a supervisor can revoke it.");
  }
  if (row.revokedAt) throw problems.conflict("The delegation has already been revoked.");
  await revokeRow(actor.sql, id);
  return (await findStanding(actor.sql, id)) as Standing;
}

export const listDefinitionChoices = (actor: Actor) => definitionChoices(actor.sql);
