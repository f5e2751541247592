/**
 * Catching the outside world: intermediate message, signal and conditional catch events and
 * receive tasks wait on a subscription (subscriptions.service.ts); an event-based gateway waits
 * on all its branches at once (timers as kind 'gateway'); signal throw events (intermediate and
 * end) broadcast in the tenant through a queue job, so other instances are locked in steps of
 * their own and never inside the thrower's.
 */
import { enqueue } from "../../../../shared/jobs/queue.ts";
import type { ElementDef } from "../../common/model.lib.ts";
import type { TokenRow } from "../engine.repo.ts";
import { defineBehaviour, ElementError, type Step } from "../engine.step.service.ts";
import { armTimer } from "./events.service.ts";
import { armSubscription, listenedFor } from "./subscriptions.service.ts";

/** Job name of a signal broadcast (payload: name, variables) or of its delivery to one instance. */
export const SIGNAL_JOB = "workflow.signal";

export interface SignalJobPayload {
  name: string;
  variables: Record<string, unknown>;
  /** Delivery to one instance: only the subscriptions found when the signal was thrown. */
  instanceId?: string;
  subscriptionIds?: string[];
}

async function waitFor(s: Step, t: TokenRow, el: ElementDef) {
  const what = listenedFor(el);
  if (!what) throw new ElementError("unsupported", `${el.name || el.id} waits for no event`);
  await armSubscription(s, {
    tokenId: t.id,
    elementId: el.id,
    ...what,
    role: "catch",
    interrupting: true,
  });
  await s.setState(t, "waiting");
}

defineBehaviour([
  "intermediateCatchEvent:message",
  "intermediateCatchEvent:signal",
  "intermediateCatchEvent:conditional",
  "receiveTask",
], waitFor);

/** Every branch of the gateway listens; the first to fire wins (subscriptions.gatewayWon). */
async function armGateway(s: Step, t: TokenRow, el: ElementDef) {
  for (const f of el.outgoing) {
    const target = s.el(s.model.flows[f].target);
    if (target.event?.kind === "timer" && target.type === "intermediateCatchEvent") {
      await armTimer(s, {
        tokenId: t.id,
        elementId: target.id,
        kind: "gateway",
        interrupting: true,
        timer: target.event.timer,
        vars: s.varsOf(t),
      });
      continue;
    }
    const what = listenedFor(target);
    if (!what) {
      throw new ElementError(
        "unsupported",
        `the event-based gateway ${el.name || el.id} leads to ${target.name || target.id}, ` +
          "which is not a catch event",
      );
    }
    await armSubscription(s, {
      tokenId: t.id,
      elementId: target.id,
      ...what,
      role: "gateway",
      interrupting: true,
    });
  }
}

defineBehaviour(["eventBasedGateway"], async (s, t, el) => {
  await armGateway(s, t, el);
  await s.setState(t, "waiting");
});

/**
 * Arms again what a waiting token listens for (a migrated instance, on its new model): its
 * catch event or receive task, or every branch of its event-based gateway.
 */
export async function rearmWaiting(s: Step, t: TokenRow, el: ElementDef) {
  if (t.state !== "waiting") return;
  if (el.type === "eventBasedGateway") return await armGateway(s, t, el);
  const what = listenedFor(el);
  if (!what || (el.type !== "intermediateCatchEvent" && el.type !== "receiveTask")) return;
  await armSubscription(s, {
    tokenId: t.id,
    elementId: el.id,
    ...what,
    role: "catch",
    interrupting: true,
  });
}

/** Queues the broadcast of a signal (the thrower's process variables are not sent along). */
async function throwSignal(s: Step, t: TokenRow, el: ElementDef) {
  if (el.event?.kind !== "signal") return;
  const payload: SignalJobPayload = { name: el.event.signal, variables: {} };
  await enqueue(s.sql, SIGNAL_JOB, { payload, maxAttempts: 10, backoffSeconds: 5 });
  s.record(t, "signal.thrown", { name: el.event.signal });
}

defineBehaviour(["intermediateThrowEvent:signal"], async (s, t, el) => {
  await throwSignal(s, t, el);
  await s.leave(t);
});

defineBehaviour(["endEvent:signal"], async (s, t, el) => {
  await throwSignal(s, t, el);
  await s.setState(t, "done");
  s.record(t, "element.completed");
  await s.afterEnd(t);
});
