import { z } from "@hono/zod-openapi";
import type { AgentRecord } from "../common/types.ts";
import type { KindDef } from "./kind.ts";

/** A script: the tenant's own TypeScript module, run in the sandbox; its config is free JSON. */
export const scriptKind: KindDef<Record<string, unknown>> = {
  kind: "script",
  labelKey: "automation.kinds.script",
  icon: "file-code",
  configSchema: z.record(z.string(), z.unknown()),
  usesCode: true,
  plan: (agent: AgentRecord) => ({ mode: "sandbox", code: agent.code }),
};
