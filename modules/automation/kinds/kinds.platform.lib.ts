import type { AgentRecord } from "../common/common.schemas.ts";
import { type KindDef, PlatformConfig } from "./kinds.schemas.ts";
import { KIND_LOOK } from "./kinds.lib.ts";
import { fillDeep } from "./kinds.template.lib.ts";

/** One platform operation called with the agent's grants, on the host (no tenant code runs). */
export const platformKind: KindDef<PlatformConfig> = {
  kind: "platform",
  labelKey: KIND_LOOK.platform.labelKey,
  icon: KIND_LOOK.platform.icon,
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
