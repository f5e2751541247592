/** Pieces of the event subprocess tests: a timer clock to move, and a small event subprocess. */
import { fireDueTimers } from "../../modules/workflow/engine/engine.jobs.service.ts";
import { clock } from "../../modules/workflow/engine/engine.timers.lib.ts";
import { testApp, type TestTenant } from "../helpers.ts";
import { type El, inTenant } from "./engine.fixtures.ts";

/** Moves the engine's clock by `ms` and fires what is due in the tenant; how many fired. */
export async function advance(t: TestTenant, ms: number) {
  const { platform } = await testApp();
  const at = new Date(Date.now() + ms);
  clock.set(() => at);
  try {
    return await inTenant(t, (tx) => fireDueTimers({ sql: tx, bus: platform.bus }));
  } finally {
    clock.reset();
  }
}

/** An event subprocess `id` in `parent`: typed start → user task `<id>Task` → end. */
export function eventSub(
  id: string,
  parent: string | null,
  start: El["event"],
  interrupting = true,
): { els: El[]; flows: [string, string][] } {
  return {
    els: [
      { id, type: "subProcess", parent, triggeredByEvent: true },
      {
        id: `${id}Start`,
        type: "startEvent",
        parent: id,
        event: start,
        cancelActivity: interrupting,
      },
      { id: `${id}Task`, type: "userTask", parent: id },
      { id: `${id}End`, type: "endEvent", parent: id },
    ],
    flows: [[`${id}Start`, `${id}Task`], [`${id}Task`, `${id}End`]],
  };
}

export const timer = (kind: "duration" | "cycle", expression: string): El["event"] => ({
  kind: "timer",
  timer: { kind, expression },
});
