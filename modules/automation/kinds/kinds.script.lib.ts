import type { AgentRecord } from "../common/common.schemas.ts";
import { type KindDef, ScriptConfig } from "./kinds.schemas.ts";
import { KIND_LOOK } from "./kinds.lib.ts";

/** A script: the tenant's own TypeScript module, run in the sandbox; its config is free JSON. */
export const scriptKind: KindDef<Record<string, unknown>> = {
  kind: "script",
  labelKey: KIND_LOOK.script.labelKey,
  icon: KIND_LOOK.script.icon,
  configSchema: ScriptConfig,
  usesCode: true,
  plan: (agent: AgentRecord) => ({ mode: "sandbox", code: agent.code }),
};
