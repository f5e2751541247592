/**
 * Process instances as people and API clients see them: lists, one instance with its diagram
 * marks, tasks, incidents and timeline; starting one (start form checked here) and the
 * operator's actions, which the engine carries out (engine/engine.api.ts).
 */
import type { Actor } from "../../../shared/http/actor.ts";
import { decodeCursor, toPage } from "../../../shared/http/paging.ts";
import { problems } from "../../../shared/http/problem.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import {
  cancelInstance,
  resumeInstance,
  retryIncident,
  setInstanceVariables,
  skipIncident,
  startInstance,
  suspendInstance,
} from "../engine/engine.service.ts";
import {
  definitionOptions,
  doneElements,
  findInstance,
  findVersion,
  incidentInstance,
  type InstanceRow,
  liveTokens,
  openTasksOf,
  selectHistory,
  selectIncidents,
  selectInstances,
  versionXml,
  type Viewer,
} from "./instances.repo.ts";
import {
  canManage,
  checkFormValues,
  checkVariables,
  engine,
  startFormFields,
} from "./instances.rules.ts";
import type {
  Instance,
  InstanceDetail,
  InstanceQuery,
  InstanceState,
  StartInput,
} from "./instances.schemas.ts";
import { checkStartForm } from "../forms/forms.pins.service.ts";

export type { Actor };

export const viewerOf = (actor: Actor): Viewer => ({
  userId: actor.session.userId,
  roles: actor.session.roles,
  all: canManage(actor.session.permissions),
});

const toInstance = (r: InstanceRow): Instance => ({
  id: r.id,
  name: r.name,
  businessKey: r.businessKey,
  definitionId: r.definitionId,
  definitionKey: r.definitionKey,
  definitionName: r.definitionName,
  versionId: r.versionId,
  version: r.version,
  state: r.state,
  incidentCount: r.incidentCount,
  startedBy: r.startedBy,
  startedByName: r.startedByName,
  startedAt: r.startedAt,
  endedAt: r.endedAt,
});

/** Instances the caller may see; `fields` (a sparse fieldset) reads only those columns. */
export async function listInstances(actor: Actor, q: InstanceQuery, fields?: readonly string[]) {
  const after = decodeCursor(q.cursor, ["timestamp", "uuid"]);
  const rows = await selectInstances(actor.sql, {
    ...q,
    viewer: viewerOf(actor),
    startedBy: q.mine ? actor.session.userId : undefined,
    after,
    fields,
  });
  const page = toPage(rows, q.limit, (r) => [r.startedKey, r.id]);
  return { items: page.items.map(toInstance), nextCursor: page.nextCursor };
}

async function visibleInstance(actor: Actor, id: string, lock = false) {
  const row = await findInstance(actor.sql, id, viewerOf(actor), lock);
  if (!row) throw problems.notFound("No such process instance.");
  return row;
}

export async function getInstance(actor: Actor, id: string): Promise<InstanceDetail> {
  const row = await visibleInstance(actor, id);
  const tokens = await liveTokens(actor.sql, id);
  const incidents = await selectIncidents(actor.sql, {
    viewer: { ...viewerOf(actor), all: true },
    instanceId: id,
    limit: 100,
    after: null,
  });
  return {
    ...toInstance(row),
    variables: row.variables ?? {},
    endElementId: row.endElementId,
    parentInstanceId: row.parentInstanceId,
    activeElementIds: [...new Set(tokens.map((t) => t.elementId))],
    doneElementIds: await doneElements(actor.sql, id),
    incidentElementIds: [
      ...new Set([
        ...tokens.filter((t) => t.state === "incident").map((t) => t.elementId),
        ...incidents.map((x) => x.elementId),
      ]),
    ],
    openTasks: await openTasksOf(actor.sql, id),
    incidents: incidents.slice(0, 100).map(({ createdKey: _, ...x }) => x),
  };
}

/** The instance page's extras: the diagram's XML and the model (element names). */
export async function instanceDiagram(actor: Actor, id: string) {
  const row = await visibleInstance(actor, id);
  return { xml: await versionXml(actor.sql, row.versionId), model: row.model };
}

export async function instanceHistory(
  actor: Actor,
  { id, limit = 500 }: { id: string; limit?: number },
) {
  await visibleInstance(actor, id);
  return { items: await selectHistory(actor.sql, id, limit) };
}

/**
 * Starts a process: the definition must exist here (404) with a deployed version (422), and
 * the variables must satisfy the start event's form (400, field by field); then the engine.
 */
export async function startProcess(actor: Actor, input: StartInput): Promise<InstanceDetail> {
  const def = await findVersion(actor.sql, input);
  if (!def) throw problems.notFound("No such process definition.");
  if (!def.version) {
    throw input.version
      ? problems.notFound("No such version of this process.")
      : problems.unprocessable("This process has no deployed version yet.");
  }
  const errors = checkFormValues(startFormFields(def.version.model), input.variables);
  if (errors.length) throw problems.validation(errors, "The start form is not filled in right.");
  // A form-js start form (forms feature): checked and typed there, 422 when it is wrong.
  const variables = await checkStartForm(actor, {
    definitionId: def.definitionId,
    version: def.version.version,
    model: def.version.model,
    variables: input.variables,
  });
  const { id } = await engine(() =>
    startInstance(actor, {
      definitionId: def.definitionId,
      version: def.version!.version,
      variables,
      businessKey: input.businessKey,
    })
  );
  return await getInstance(actor, id);
}

const OPEN: InstanceState[] = ["active", "suspended"];

async function audit(actor: Actor, id: string, action: string, summary: string) {
  await recordActivity(actor, {
    module: "workflow",
    entityType: "process",
    entityId: id,
    action,
    summary,
  });
}

/** An admin sets variables of a running instance (merged over the others). */
export async function setVariables(
  actor: Actor,
  { id, vars }: { id: string; vars: Record<string, unknown> },
) {
  const errors = checkVariables(vars);
  if (errors.length) throw problems.validation(errors);
  const row = await visibleInstance(actor, id, true);
  if (!OPEN.includes(row.state)) {
    throw problems.unprocessable("Only a running or suspended process can change its variables.");
  }
  // In a step of the instance: conditional events waiting in it see the new values.
  await engine(() => setInstanceVariables(actor, { instanceId: id, variables: vars }));
  await audit(actor, id, "updated", `Set variables ${Object.keys(vars).join(", ")} of ${row.name}`);
  return await getInstance(actor, id);
}

type Action = "cancel" | "suspend" | "resume";
const ACTIONS: Record<Action, (a: Actor, id: string, reason?: string) => Promise<void>> = {
  cancel: (a, id, reason) => cancelInstance(a, { id, reason }),
  suspend: suspendInstance,
  resume: resumeInstance,
};
const ALLOWED_FROM: Record<Action, InstanceState[]> = {
  cancel: ["active", "suspended"],
  suspend: ["active"],
  resume: ["suspended"],
};

/** Cancels, suspends or resumes an instance (the engine checks and does it; we audit). */
export async function instanceAction(
  actor: Actor,
  { id, action, reason }: { id: string; action: Action; reason?: string },
) {
  const row = await visibleInstance(actor, id);
  if (!ALLOWED_FROM[action].includes(row.state)) {
    throw problems.unprocessable(`A process that is ${row.state} cannot be ${action}ed.`);
  }
  await engine(() => ACTIONS[action](actor, id, reason));
  const summary = reason ? `${action}: ${row.name} (${reason})` : `${action}: ${row.name}`;
  await audit(actor, id, action === "cancel" ? "cancelled" : `${action}ed`, summary);
  return await getInstance(actor, id);
}

/** Retries or skips an open incident; answers with its instance. */
export async function resolveIncident(
  actor: Actor,
  { incidentId, how }: { incidentId: string; how: "retry" | "skip" },
) {
  const inc = await incidentInstance(actor.sql, incidentId);
  if (!inc) throw problems.notFound("No such incident.");
  if (inc.resolvedAt) throw problems.conflict("This incident is already resolved.");
  const row = await visibleInstance(actor, inc.instanceId);
  await engine(() => (how === "retry" ? retryIncident : skipIncident)(actor, incidentId));
  await audit(actor, row.id, how === "retry" ? "retried" : "skipped", `${how}: ${row.name}`);
  return await getInstance(actor, row.id);
}

export async function listIncidents(
  actor: Actor,
  q: { limit: number; cursor?: string; instanceId?: string },
) {
  const after = decodeCursor(q.cursor, ["timestamp", "uuid"]);
  const rows = await selectIncidents(actor.sql, { ...q, viewer: viewerOf(actor), after });
  const page = toPage(rows, q.limit, (r) => [r.createdKey, r.id]);
  return {
    items: page.items.map(({ createdKey: _, ...x }) => x),
    nextCursor: page.nextCursor,
  };
}

export const definitionChoices = async (actor: Actor): Promise<[string, string][]> =>
  (await definitionOptions(actor.sql)).map((d) => [d.id, d.name]);
