import type { PlatformOperation } from "./operations.schemas.ts";

/** An operation refused or failed: the agent sees the message as a rejected promise. */
export class OperationError extends Error {}

/**
 * The run an operation is called from: per-run limits and activity lines hang on it. Null when
 * an operation is called outside a run (none is today; operations that need it refuse).
 */
export interface OperationContext {
  runId: string;
  agentId: string;
  agentName: string;
}

/** Every operation agents can call, by name (filled from the other modules' public services). */
export const OPERATIONS = new Map<string, PlatformOperation>();
