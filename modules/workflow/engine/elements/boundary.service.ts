/**
 * Boundary events: timers armed when their activity starts waiting (interrupting ones cancel the
 * activity when they fire; non-interrupting ones start a parallel path, again for each cycle),
 * and the firing of timers (intermediate catch and boundary alike).
 */
import { uuidv7 } from "uuidv7";
import { boundariesOf } from "../engine.rules.ts";
import { insertTimer, markTimer, type TimerRow } from "../engine.repo.ts";
import { clock, nextCycle } from "../engine.timers.lib.ts";
import { hooks, type Step } from "../engine.step.service.ts";
import { armTimer, queueTimer } from "./events.service.ts";
import { cancelTokens } from "./scope.service.ts";
import { armEventBoundaries, gatewayWon } from "./subscriptions.service.ts";
import { fireEventSubprocessTimer } from "./eventsub.service.ts";

hooks.armBoundaries = async (s, t, el) => {
  await armEventBoundaries(s, t, el);
  for (const b of boundariesOf(s.model, el.id)) {
    if (b.event?.kind !== "timer") continue;
    await armTimer(s, {
      tokenId: t.id,
      elementId: b.id,
      kind: "boundary",
      interrupting: b.cancelActivity !== false,
      timer: b.event.timer,
      vars: s.varsOf(t),
    });
  }
};

/**
 * Fires one timer in the step of its instance; false when there was nothing to do (already
 * fired or cancelled, not due yet by the engine's clock, or its token has moved on).
 */
export async function fireTimer(
  s: Step,
  { timer, now = clock.now() }: { timer: TimerRow; now?: Date },
): Promise<boolean> {
  if (timer.firedAt || timer.cancelledAt) return false;
  if (new Date(timer.dueAt).getTime() > now.getTime()) return false;
  if (timer.kind === "event-subprocess") return await fireEventSubprocessTimer(s, timer, now);
  const token = timer.tokenId ? s.tokens.get(timer.tokenId) : undefined;
  if (!token || (token.state !== "waiting" && token.state !== "scope")) {
    await markTimer(s.sql, timer.id, "cancelled");
    return false;
  }
  await markTimer(s.sql, timer.id, "fired");
  s.record(token, "timer.fired", { timerId: timer.id }, timer.elementId);
  if (timer.kind === "gateway") {
    await gatewayWon(s, token, timer.elementId);
    return true;
  }
  if (timer.kind === "catch") {
    await s.leave(token);
    return true;
  }
  if (timer.interrupting) {
    await cancelTokens(s, [token]);
  } else if (timer.cycle) {
    const next = nextCycle(timer.cycle, now);
    if (next) {
      const id = uuidv7();
      await insertTimer(s.sql, {
        id,
        instanceId: s.instance.id,
        tokenId: token.id,
        elementId: timer.elementId,
        kind: "boundary",
        interrupting: false,
        dueAt: next.dueAt.toISOString(),
        cycle: next.cycle,
      });
      await queueTimer(s, { instanceId: s.instance.id, timerId: id, dueAt: next.dueAt });
    }
  }
  await s.spawn(timer.elementId, token.parentTokenId);
  return true;
}
