/**
 * Creating an instance: the row, its first token at the start event, and the first step run in
 * the caller's transaction (up to the first wait).
 */
import { uuidv7 } from "uuidv7";
import type { Actor } from "../../../shared/http/actor.ts";
import { fold } from "../../../shared/text/fold.ts";
import { publishWorkflow } from "../events.ts";
import { EngineError } from "./engine.types.lib.ts";
import { noneStartOf } from "./engine.rules.ts";
import {
  type DefinitionRef,
  insertInstance,
  type InstanceRow,
  versionModel,
  versionOf,
} from "./engine.repo.ts";
import { hooks, Step } from "./engine.step.service.ts";

export interface CreateInput {
  definition: DefinitionRef;
  version: number;
  variables: Record<string, unknown>;
  startedBy: string | null;
  businessKey?: string | null;
  startEventId?: string;
  parent?: { instanceId: string; tokenId: string };
}

export async function createInstance(actor: Actor, input: CreateInput): Promise<{ id: string }> {
  const { sql } = actor;
  const def = input.definition;
  const version = await versionOf(sql, def.id, input.version);
  if (!version) throw new EngineError(404, `version ${input.version} of ${def.key} not found`);
  const model = await versionModel(sql, version.id);
  const start = input.startEventId
    ? model.elements[input.startEventId]
    : noneStartOf(model, null) ?? model.elements[model.startEvents[0]];
  if (!start || start.type !== "startEvent" || start.parent !== null) {
    throw new EngineError(422, "the process has no such start event");
  }
  const id = uuidv7();
  const variables = { ...input.variables, starter: input.startedBy };
  const businessKey = input.businessKey ?? null;
  await insertInstance(sql, {
    id,
    definitionId: def.id,
    versionId: version.id,
    businessKey,
    name: def.name,
    variables,
    parentInstanceId: input.parent?.instanceId ?? null,
    parentTokenId: input.parent?.tokenId ?? null,
    startedBy: input.startedBy,
    search: fold([def.name, businessKey ?? ""].join(" ")),
  });
  const instance: InstanceRow = {
    id,
    definitionId: def.id,
    versionId: version.id,
    name: def.name,
    businessKey,
    state: "active",
    variables,
    parentInstanceId: input.parent?.instanceId ?? null,
    parentTokenId: input.parent?.tokenId ?? null,
    startedBy: input.startedBy,
    revision: 0,
    incidentCount: 0,
  };
  const step = Step.fresh(actor, instance, model);
  step.record(null, "process.started", {
    version: input.version,
    startEventId: start.id,
    variables: Object.keys(input.variables),
  });
  step.publish(() =>
    publishWorkflow(sql, "workflow.process.started", {
      instanceId: id,
      definitionId: def.id,
      definitionKey: def.key,
      name: def.name,
      startedBy: input.startedBy,
    })
  );
  await step.spawn(start.id, null);
  await hooks.scopeStarted?.(step, null);
  await step.run();
  return { id };
}
