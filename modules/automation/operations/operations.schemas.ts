import type { z } from "@hono/zod-openapi";
import type { Actor } from "../../../shared/http/actor.ts";

/**
 * The run an operation is called from: per-run limits and activity lines hang on it. Null when
 * an operation is called outside a run (none is today; operations that need it refuse).
 */
export interface OperationContext {
  runId: string;
  agentId: string;
  agentName: string;
}

/**
 * A platform operation an agent may call through `ctx.platform.call(name, input)`: it runs as
 * the agent's service identity, with the agent's grants, inside the tenant's RLS scope.
 */
export interface PlatformOperation {
  name: string;
  /** The permission the agent's grants must include. */
  permission: string;
  labelKey: string;
  input: z.ZodType;
  // deno-lint-ignore no-explicit-any
  run(actor: Actor, input: any, run: OperationContext | null): Promise<unknown>;
}
