/** What a kind of agent is: how its config is checked and how one invocation runs. */
import { z } from "@hono/zod-openapi";
import type { Actor } from "../../../shared/http/actor.ts";
import type { AgentKind, AgentRecord } from "../common/common.schemas.ts";
import { OPERATIONS } from "../operations/operations.lib.ts";

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

/** A script's config: free JSON. */
export const ScriptConfig = z.record(z.string(), z.unknown());

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"] as const;
const Status = z.number().int().min(100).max(599);

export const HttpConfig = z.object({
  method: z.enum(METHODS).default("GET"),
  /** `https://api.example.com/items/{{input.id}}`: values are URL-encoded where they go. */
  url: z.string().trim().min(1).max(2000).regex(
    /^https?:\/\//i,
    "must start with http:// or https://",
  ),
  /** Header values may use `{{input.x}}` and `{{env.TOKEN}}` (read inside the sandbox). */
  headers: z.record(
    z.string().regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/, "not a header name"),
    z.string().max(4000),
  ).default({}),
  body: z.string().max(100_000).optional(),
  /** The statuses that count as success; default any 2xx. */
  expectedStatus: z.union([Status, z.array(Status).min(1).max(20)]).optional(),
  timeoutMs: z.number().int().min(100).max(300_000).optional(),
}).strict();
export type HttpConfig = z.infer<typeof HttpConfig>;

export const MAX_RECIPIENTS = 50;

export const EmailConfig = z.object({
  /** Addresses, or templates such as `{{input.customer.email}}`. */
  to: z.array(z.string().trim().min(1).max(300)).min(1).max(MAX_RECIPIENTS),
  subject: z.string().trim().min(1).max(300),
  body: z.string().min(1).max(50_000),
}).strict();
export type EmailConfig = z.infer<typeof EmailConfig>;

/** One address of an e-mail kind's recipients, after filling in the input. */
export const EmailAddress = z.email().max(254);

export const PlatformConfig = z.object({
  operation: z.string().refine((op) => OPERATIONS.has(op), "not a platform operation"),
  /** The operation's input; strings may hold `{{input.x}}` (a lone placeholder keeps its type). */
  input: z.record(z.string(), z.unknown()).default({}),
}).strict();
export type PlatformConfig = z.infer<typeof PlatformConfig>;
