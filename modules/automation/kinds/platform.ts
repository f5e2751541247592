import { z } from "@hono/zod-openapi";
import type { AgentRecord } from "../common/types.ts";
import { OPERATIONS } from "../operations/registry.ts";
import type { KindDef } from "./kind.ts";
import { fillDeep } from "./template.ts";

export const PlatformConfig = z.object({
  operation: z.string().refine((op) => OPERATIONS.has(op), "not a platform operation"),
  /** The operation's input; strings may hold `{{input.x}}` (a lone placeholder keeps its type). */
  input: z.record(z.string(), z.unknown()).default({}),
}).strict();
export type PlatformConfig = z.infer<typeof PlatformConfig>;

/** One platform operation called with the agent's grants, on the host (no tenant code runs). */
export const platformKind: KindDef<PlatformConfig> = {
  kind: "platform",
  labelKey: "automation.kinds.platform",
  icon: "blocks",
  configSchema: PlatformConfig,
  usesCode: false,
  plan: (agent: AgentRecord, input: unknown) => ({
    mode: "host",
    run: async (ctx) => {
      const config = PlatformConfig.parse(agent.config);
      const rendered = fillDeep(config.input, { input });
      ctx.log("info", `calling ${config.operation}`);
      const result = await ctx.call(config.operation, rendered);
      ctx.log("info", `${config.operation} done`);
      return result;
    },
  }),
};
