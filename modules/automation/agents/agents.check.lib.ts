import { log } from "../../../shared/log.ts";
import { checkCode } from "../sandbox/sandbox.lib.ts";
import type { AgentKind } from "../common/common.schemas.ts";
import { kindOf } from "../kinds/kinds.registry.lib.ts";

/** The code a new blank script starts with. */
export const STARTER_CODE = `export default async function (ctx) {
  ctx.log.info("Hello from " + (ctx.config.name ?? "my agent"));
  return { ok: true, input: ctx.input };
}
`;

/**
 * Loads a script's code in the sandbox without running it: null when it is fine (or not a
 * script), else the error people see as the agent's last error.
 */
export async function codeProblem(kind: AgentKind, code: string): Promise<string | null> {
  if (!kindOf(kind).usesCode) return null;
  try {
    const checked = await checkCode(code, { timeoutMs: 10_000 });
    return checked.ok ? null : `code check: ${checked.error}`;
  } catch (err) {
    // The check itself could not run (no sandbox on this instance): the save is not blamed.
    log.warn("automation code check unavailable", { error: String(err) });
    return null;
  }
}
