/**
 * Pure rules of batches: which instance states each type works on, the limits, and what a
 * batch request must carry for its type. Tested directly and through the API.
 */
import type { FieldError } from "../../../shared/http/problem.ts";
import type { InstanceState } from "../instances/instances.schemas.ts";
import type { BatchInput, BatchType } from "./batches.schemas.ts";

/** Instances one queue job works on before it hands over to the next job. */
export const CHUNK = 25;
/** The most instances one batch may select (narrow the query beyond that). */
export const MAX_INSTANCES = 10_000;
/** Failures the batch page and API list at once. */
export const FAILURES_SHOWN = 200;

/** The states a type applies to: the query's default when it names none. */
export const TYPE_STATES: Record<BatchType, InstanceState[]> = {
  cancel: ["active", "suspended"],
  suspend: ["active"],
  resume: ["suspended"],
  migrate: ["active", "suspended"],
  modify: ["active"],
};

/** What the request lacks (or has too much of) for its type. */
export function checkBatchInput(input: BatchInput): FieldError[] {
  const errors: FieldError[] = [];
  const need = (ok: boolean, path: string, message: string) => {
    if (!ok) errors.push({ path, message });
  };
  need(
    input.type === "migrate" ? !!input.migration : !input.migration,
    "body.migration",
    input.type === "migrate" ? "A migration batch needs the migration" : "Only for migrate",
  );
  need(
    input.type === "modify" ? !!input.modification : !input.modification,
    "body.modification",
    input.type === "modify" ? "A modification batch needs the instructions" : "Only for modify",
  );
  need(input.type === "cancel" || input.reason === undefined, "body.reason", "Only for cancel");
  need(
    input.type !== "migrate" || !!input.query.definitionKey,
    "body.query.definitionKey",
    "A migration batch works on one process: give its key",
  );
  need(
    input.query.version === undefined || !!input.query.definitionKey,
    "body.query.version",
    "A version needs the process key",
  );
  const q = input.query;
  need(
    !q.startedAfter || !q.startedBefore || q.startedAfter < q.startedBefore,
    "body.query.startedBefore",
    "Must be after startedAfter",
  );
  return errors;
}

/** Whole percent of the batch worked on (done or failed). */
export function progressPercent(b: { total: number; done: number; failed: number }): number {
  if (!b.total) return 100;
  return Math.min(100, Math.floor(((b.done + b.failed) * 100) / b.total));
}
