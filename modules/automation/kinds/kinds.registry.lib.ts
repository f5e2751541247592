/**
 * The kinds of agent: a small registry so more can be added. Each kind says how its
 * configuration is checked on save and how one invocation runs (tenant code always in the
 * sandbox; built-in kinds may run on the host).
 */
import type { AgentKind } from "../common/common.schemas.ts";
import type { KindDef } from "./kinds.schemas.ts";
import { scriptKind } from "./kinds.script.lib.ts";
import { httpKind } from "./kinds.http.lib.ts";
import { platformKind } from "./kinds.platform.lib.ts";
import { emailKind } from "./kinds.email.lib.ts";

export type { HostRunContext, KindDef, RunPlan } from "./kinds.schemas.ts";

export const KINDS: Record<AgentKind, KindDef> = {
  script: scriptKind as KindDef,
  http: httpKind as KindDef,
  platform: platformKind as KindDef,
  email: emailKind as KindDef,
};

export function kindOf(kind: AgentKind | string): KindDef {
  const def = KINDS[kind as AgentKind];
  if (!def) throw new Error(`unknown agent kind ${JSON.stringify(kind)}`);
  return def;
}
