/**
 * The engine contract's types (engine.api.ts re-exports them), in a file of their own so the
 * engine's inner files can name them without importing the API.
 */
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
