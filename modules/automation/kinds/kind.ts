/** What a kind of agent is: how its config is checked and how one invocation runs. */
import type { z } from "@hono/zod-openapi";
import type { Actor } from "../../../shared/http/actor.ts";
import type { AgentKind, AgentRecord } from "../common/types.ts";

export interface HostRunContext {
  /** The agent's service identity with a tenant-scoped sql. */
  actor: Actor;
  config: unknown;
  input: unknown;
  log(level: "info" | "warn" | "error", text: string): void;
  /** A platform operation with the agent's grants. */
  call(op: string, input: unknown): Promise<unknown>;
  signal: AbortSignal;
}

export type RunPlan =
  | { mode: "sandbox"; code: string }
  | { mode: "host"; run: (ctx: HostRunContext) => Promise<unknown> };

export interface KindDef<C = unknown> {
  kind: AgentKind;
  labelKey: string;
  /** A lucide icon name. */
  icon: string;
  /** Checked on save (400 with the paths of the bad fields). */
  configSchema: z.ZodType<C>;
  /** Whether the agent's own code is what runs (script) or it is built from the config. */
  usesCode: boolean;
  /** How to run one invocation. */
  plan(agent: AgentRecord, input: unknown): RunPlan;
}
