/**
 * What the rest of the Workflow module asks of the engine. The instances, tasks and migration
 * features call only these; everything else in engine/ is the engine's own business.
 * Every function runs in the caller's tenant-scoped transaction (actor.sql) and locks the
 * instance row it changes (FOR UPDATE), so it is one step of the instance.
 */
import type { Actor } from "../../../shared/http/actor.ts";

export interface StartInput {
  /** The definition to start: its id, or its key (latest version unless `version`). */
  definitionId?: string;
  key?: string;
  version?: number;
  variables?: Record<string, unknown>;
  businessKey?: string;
  /** A message start event to start at (by element id); default: the none start event. */
  startEventId?: string;
}

export interface MigrationPlan {
  fromVersionId: string;
  toVersionId: string;
  /** Source activity id → target activity id; unmapped active activities refuse the plan. */
  mapping: Record<string, string>;
  instanceIds: string[];
}

export interface MigrationReport {
  valid: boolean;
  problems: { instanceId?: string; elementId?: string; message: string }[];
  /** Per instance: the moves it would make (dry run) or made. */
  moves: { instanceId: string; from: string; to: string }[];
}

export class EngineError extends Error {
  constructor(readonly status: 404 | 409 | 422, message: string) {
    super(message);
  }
}

const pending = (): never => {
  throw new EngineError(422, "the process engine is not built yet");
};

/** Starts an instance; returns its id. 404 unknown definition, 422 not startable. */
export function startInstance(_actor: Actor, _input: StartInput): Promise<{ id: string }> {
  return pending();
}

/**
 * A user task of a process was completed (its row already says so): writes `data` into the
 * process variables (or the multi-instance scope) and moves the token on.
 */
export function continueAfterTask(
  _actor: Actor,
  _task: { id: string; instanceId: string; tokenId: string },
  _data: Record<string, unknown>,
): Promise<void> {
  return pending();
}

export function cancelInstance(_actor: Actor, _id: string, _reason?: string): Promise<void> {
  return pending();
}
export function suspendInstance(_actor: Actor, _id: string): Promise<void> {
  return pending();
}
export function resumeInstance(_actor: Actor, _id: string): Promise<void> {
  return pending();
}
export function retryIncident(_actor: Actor, _incidentId: string): Promise<void> {
  return pending();
}
export function skipIncident(_actor: Actor, _incidentId: string): Promise<void> {
  return pending();
}
/** Validates the plan; with dryRun nothing changes; otherwise moves tokens and audits. */
export function migrateInstances(
  _actor: Actor,
  _plan: MigrationPlan,
  _dryRun: boolean,
): Promise<MigrationReport> {
  return pending();
}
