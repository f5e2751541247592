/**
 * Evaluates a guide example (or a designer's edit of it) through the engine's own functions,
 * so what the guide shows is what a running process does.
 */
import { attribute, condition, feel } from "../engine/engine.feel.lib.ts";
import { runScript, SCRIPT_LIMITS } from "../engine/engine.script.lib.ts";
import { timerDue } from "../engine/engine.timers.lib.ts";
import type { GuideExample } from "./guide.types.lib.ts";

/** Timer examples count from this moment (a Monday), so their results never change. */
export const GUIDE_NOW = new Date("2026-01-05T09:00:00Z");

export { SCRIPT_LIMITS };

export type Outcome = { ok: true; value: unknown } | { ok: false; error: string };

/** Runs `code` as the example's kind with the given variables; never throws. */
export async function evaluateExample(
  example: Pick<GuideExample, "kind" | "timer">,
  code: string,
  variables: Record<string, unknown>,
): Promise<Outcome> {
  try {
    switch (example.kind) {
      case "feel":
        return { ok: true, value: feel(code, variables) };
      case "condition":
        return { ok: true, value: condition(code, variables) };
      case "io":
        return { ok: true, value: attribute(code, variables) };
      case "script-feel":
        // As the script task runs it (engine/elements/tasks.ts): a leading `=` is allowed.
        return { ok: true, value: feel(code.replace(/^\s*=/, ""), variables) };
      case "script-js":
        return { ok: true, value: await runScript(code, variables) };
      case "timer": {
        const due = timerDue(
          { kind: example.timer ?? "duration", expression: code },
          variables,
          GUIDE_NOW,
        );
        return { ok: true, value: { dueAt: due.dueAt.toISOString(), cycle: due.cycle } };
      }
    }
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}
