import type { PlatformOperation } from "./operations.schemas.ts";

/** An operation refused or failed: the agent sees the message as a rejected promise. */
export class OperationError extends Error {}

export type { OperationContext } from "./operations.schemas.ts";

/** Every operation agents can call, by name (filled from the other modules' public services). */
export const OPERATIONS = new Map<string, PlatformOperation>();
