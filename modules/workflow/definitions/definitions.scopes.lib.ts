/**
 * Compile checks of scopes (issue 41): event subprocesses, escalation boundary events and
 * compensation (boundary events with their handler, handlers, throws naming an activity). Pure:
 * the problems of one element of a built model; a compensation boundary event also learns its
 * handler here (from the association drawn to it).
 */
import type { ElementDef } from "../common/model.lib.ts";

/** Hosts an escalation can come from: a subprocess's or called process's throw, a user task's. */
const ESCALATING = new Set(["subProcess", "callActivity", "userTask"]);

export function scopeProblems(
  e: ElementDef,
  elements: Record<string, ElementDef>,
  associations: Map<string, string>,
): string[] {
  const out: string[] = [];
  if (e.triggeredByEvent) {
    if (e.incoming.length || e.outgoing.length) {
      out.push("An event subprocess has no incoming or outgoing flows.");
    }
    const starts = Object.values(elements).filter((x) =>
      x.parent === e.id && x.type === "startEvent"
    );
    if (starts.length !== 1 || !starts[0].event || starts[0].event.kind === "none") {
      out.push("An event subprocess needs exactly one typed start event.");
    }
  }
  if (e.isForCompensation && (e.incoming.length || e.outgoing.length)) {
    out.push("A compensation handler has no incoming or outgoing flows.");
  }
  if (e.type === "boundaryEvent" && e.event?.kind === "escalation" && e.attachedTo) {
    const host = elements[e.attachedTo]?.type;
    if (host && !ESCALATING.has(host)) {
      out.push(
        "An escalation boundary event must sit on a subprocess, a call activity or a user task.",
      );
    }
  }
  if (e.type === "boundaryEvent" && e.event?.kind === "compensate") {
    const handler = associations.get(e.id);
    if (!handler || !elements[handler]?.isForCompensation) {
      out.push(
        "The compensation boundary event needs an association to an activity marked as compensation handler (isForCompensation).",
      );
    } else e.compensationHandler = handler;
    if (e.outgoing.length) out.push("A compensation boundary event has no outgoing flows.");
  }
  if (e.event?.kind === "compensate" && e.event.activityRef && e.type !== "boundaryEvent") {
    // A throw compensates its own scope; inside an event subprocess, the scope around it.
    const own = e.parent ? elements[e.parent] : undefined;
    const scope = own?.triggeredByEvent ? own.parent : e.parent;
    const target = elements[e.event.activityRef];
    if (!target || target.parent !== scope) {
      out.push(
        `The compensation throw names "${e.event.activityRef}", which is not an activity in the scope it compensates.`,
      );
    }
  }
  return out;
}
