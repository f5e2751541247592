/**
 * Pieces of the engine tests: hand-built process models (a tiny builder), deployment rows
 * written in SQL, the engine's API called in the tenant's scope as its owner, a dispatcher
 * running only the engine's jobs, and a look at an instance's tokens, tasks and history.
 */
import { uuidv7 } from "uuidv7";
import type { Sql } from "../../shared/db/database.ts";
import { withScope } from "../../shared/db/scope.ts";
import { Dispatcher } from "../../shared/jobs/dispatcher.ts";
import type { Actor } from "../../shared/http/actor.ts";
import type { Session } from "../../shared/modules.ts";
import type {
  ElementDef,
  ElementType,
  ProcessModel,
} from "../../modules/workflow/common/model.lib.ts";
import { STEP_JOB, TIMER_JOB } from "../../modules/workflow/common/model.lib.ts";
import { stepJob, timerJob } from "../../modules/workflow/engine/engine.jobs.service.ts";
import * as engine from "../../modules/workflow/engine/engine.service.ts";
import { testApp, type TestTenant } from "../helpers.ts";

export type El = Partial<ElementDef> & { id: string; type: ElementType; default?: string };

/** A model from elements and flows `[from, to, condition?]` (flow ids are `from->to`). */
export function buildModel(
  id: string,
  els: El[],
  flows: [string, string, string?][],
): ProcessModel {
  const elements: Record<string, ElementDef> = {};
  for (const e of els) {
    const { default: _d, ...rest } = e;
    elements[e.id] = { name: e.id, incoming: [], outgoing: [], parent: null, ...rest };
  }
  const modelFlows: ProcessModel["flows"] = {};
  for (const [from, to, condition] of flows) {
    const fid = `${from}->${to}`;
    modelFlows[fid] = { id: fid, name: "", source: from, target: to, condition };
    elements[from].outgoing.push(fid);
    elements[to].incoming.push(fid);
  }
  for (const e of els) if (e.default) elements[e.id].defaultFlow = `${e.id}->${e.default}`;
  return {
    id,
    name: id,
    elements,
    flows: modelFlows,
    startEvents: Object.values(elements).filter((e) => e.type === "startEvent" && !e.parent)
      .map((e) => e.id),
  };
}

/** Runs fn in the tenant's scope as its owner. */
export async function inTenant<T>(t: TestTenant, fn: (tx: Sql) => Promise<T>): Promise<T> {
  const { platform } = await testApp();
  return await withScope(platform.db.sql, { tenantId: t.id, userId: t.owner.id }, fn);
}

export async function actorOf(t: TestTenant, sql: Sql, userId = t.owner.id): Promise<Actor> {
  const { platform } = await testApp();
  const session = {
    userId,
    tenantId: t.id,
    email: t.owner.email,
    name: "Owner",
    roles: ["owner"],
    permissions: ["*"],
  } as Session;
  return { sql, session, bus: platform.bus };
}

/** Calls an engine API function as the owner in one transaction. */
export async function asOwner<T>(t: TestTenant, fn: (a: Actor) => Promise<T>): Promise<T> {
  return await inTenant(t, async (tx) => fn(await actorOf(t, tx)));
}

/** Deploys the model as the next version of its key (definition row created on first deploy). */
export async function deploy(
  t: TestTenant,
  model: ProcessModel,
  opts: { startEvents?: string[] } = {},
): Promise<{ definitionId: string; versionId: string; version: number }> {
  return await inTenant(t, async (tx) => {
    let [def] = await tx`select id, latest_version from workflow_definitions
                         where key = ${model.id}`;
    if (!def) {
      [def] = await tx`insert into workflow_definitions (tenant_id, id, key, name, created_by)
        values (${t.id}, ${uuidv7()}, ${model.id}, ${model.name}, ${t.owner.id})
        returning id, latest_version`;
    }
    const version = def.latestVersion + 1;
    const versionId = uuidv7();
    await tx`insert into workflow_definition_versions (tenant_id, id, definition_id, version, name,
               xml, model, start_events, deployed_by)
             values (${t.id}, ${versionId}, ${def.id}, ${version}, ${model.name}, '<bpmn/>',
               ${JSON.stringify(model)}::text::jsonb, ${opts.startEvents ?? []}, ${t.owner.id})`;
    await tx`update workflow_definitions set latest_version = ${version} where id = ${def.id}`;
    return { definitionId: def.id, versionId, version };
  });
}

export async function start(
  t: TestTenant,
  key: string,
  variables: Record<string, unknown> = {},
): Promise<string> {
  return (await asOwner(t, (a) => engine.startInstance(a, { key, variables }))).id;
}

export interface Snapshot {
  state: string;
  variables: Record<string, unknown>;
  incidentCount: number;
  /** Live tokens: `element:state`, sorted. */
  tokens: string[];
  tasks: { id: string; elementId: string; tokenId: string; state: string; name: string }[];
  history: { event: string; elementId: string | null; tokenId: string | null }[];
  incidents: {
    id: string;
    elementId: string;
    kind: string;
    message: string;
    resolution: string | null;
  }[];
  versionId: string;
}

export async function snapshot(t: TestTenant, id: string): Promise<Snapshot> {
  return await inTenant(t, async (tx) => {
    const [i] = await tx`select state, variables::text as v, incident_count, version_id
                         from workflow_instances where id = ${id}`;
    const tokens = await tx`select element_id, state from workflow_tokens
                            where instance_id = ${id} and ended_at is null`;
    const tasks = await tx`select id, element_id, token_id, state, name from workflow_tasks
                           where instance_id = ${id} order by created_at, id`;
    const history = await tx`select event, element_id, token_id from workflow_history
                             where instance_id = ${id} order by at, id`;
    const incidents = await tx`select id, element_id, kind, message, resolution
                               from workflow_incidents where instance_id = ${id} order by created_at`;
    return {
      state: i.state,
      variables: JSON.parse(i.v),
      incidentCount: i.incidentCount,
      versionId: i.versionId,
      tokens: tokens.map((x) => `${x.elementId}:${x.state}`).sort(),
      tasks: tasks as unknown as Snapshot["tasks"],
      history: history as unknown as Snapshot["history"],
      incidents: incidents as unknown as Snapshot["incidents"],
    };
  });
}

/** Completes the open task at `elementId` (the n-th one) with data, as the task service does. */
export async function completeTask(
  t: TestTenant,
  instanceId: string,
  elementId: string,
  data: Record<string, unknown> = {},
  nth = 0,
) {
  await asOwner(t, async (a) => {
    const open = await a.sql<{ id: string; tokenId: string }[]>`
      select id, token_id from workflow_tasks where instance_id = ${instanceId}
        and element_id = ${elementId} and state in ('created', 'claimed') order by created_at, id`;
    const task = open[nth];
    if (!task) throw new Error(`no open task at ${elementId}`);
    await a.sql`update workflow_tasks set state = 'completed', completed_at = now()
                where id = ${task.id}`;
    await engine.continueAfterTask(a, {
      task: { id: task.id, instanceId, tokenId: task.tokenId },
      data,
    });
  });
}

/** A dispatcher that runs only the engine's step and timer jobs. */
export async function engineDispatcher(
  opts: { workerId?: string; db?: import("../../shared/db/database.ts").Database } = {},
) {
  const { platform } = await testApp();
  return new Dispatcher(
    opts.db ?? platform.db,
    new Map([[STEP_JOB, stepJob], [TIMER_JOB, timerJob]]),
    {
      workerId: opts.workerId,
      onlyNames: [STEP_JOB, TIMER_JOB],
      bus: platform.bus,
      concurrency: 4,
      perTenantLimit: 8,
      leaseSeconds: 30,
      pollMs: 50,
    },
  );
}

/** Runs every due engine job (and what they queue) until none is left. */
export async function drain() {
  await (await engineDispatcher()).drain();
}

export const count = (s: Snapshot, event: string, elementId?: string) =>
  s.history.filter((h) => h.event === event && (!elementId || h.elementId === elementId)).length;

/** Compiles BPMN XML with the definitions feature's compiler and deploys the model. */
export async function deployXml(t: TestTenant, xml: string) {
  const { compileBpmn } = await import(
    "../../modules/workflow/definitions/definitions.compile.lib.ts"
  );
  const compiled = await compileBpmn(xml);
  if (!compiled.model) throw new Error(JSON.stringify(compiled.problems));
  const deployed = await deploy(t, compiled.model, { startEvents: compiled.startEvents });
  return { ...deployed, key: compiled.model.id };
}
