/**
 * How a service task (or a send task or message throw event with camunda:type="external") is
 * carried out, read from its camunda:topic: `agent:<name>` runs an Automation agent, the name of
 * a platform operation or a data-model operation calls it, and any other topic is an external
 * task that workers fetch and lock (Camunda 7's model, modules/workflow/external/).
 */
import { OPERATIONS } from "../../automation/public.ts";
import { isDataOperation } from "../data/data.rules.ts";
import type { ElementDef } from "../common/model.lib.ts";
import type { El } from "./definitions.moddle.lib.ts";
import { feelError, isFeel, isJuel, toFeel } from "./definitions.translate.lib.ts";

export type Implementation = NonNullable<ElementDef["service"]>;

/** A topic shaped like an operation name (`support.tickets.create`). */
const OPERATION_SHAPE = /^[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*$/;

/** Whether the platform runs `name` itself (an Automation operation or a data-model one). */
export const isKnownOperation = (name: string) => OPERATIONS.has(name) || isDataOperation(name);

/**
 * The implementation named by camunda:type and camunda:topic on `el` (the task, or a message
 * event definition), with what refuses it (`error`) or deserves a note (`warning`).
 */
export function implementationOf(
  el: El & { taskPriority?: string },
  what: string,
): { service?: Implementation; error?: string; warning?: string } {
  const topic = el.topic?.trim();
  if (el.type !== "external" || !topic) {
    return {
      error: `${what} needs camunda:type="external" and a topic: agent:<agent name>, ` +
        "an operation such as support.tickets.create, or a topic for external workers.",
    };
  }
  if (topic.startsWith("agent:")) {
    const agent = topic.slice("agent:".length).trim();
    if (!agent) return { error: "The topic names no agent (agent:<agent name>)." };
    return { service: { kind: "agent", agent } };
  }
  if (isKnownOperation(topic)) return { service: { kind: "operation", operation: topic } };
  const service: Implementation = { kind: "external", topic };
  const priority = el.taskPriority?.trim();
  if (priority) {
    if (isJuel(priority) || isFeel(priority)) {
      const err = feelError(toFeel(priority));
      if (err) return { error: `camunda:taskPriority: ${err}` };
    } else if (!/^-?\d{1,15}$/.test(priority)) {
      return {
        error: `camunda:taskPriority "${priority}" is neither a whole number nor an expression.`,
      };
    }
    service.priority = priority;
  }
  const [module] = topic.split(".");
  const looksLikeOperation = OPERATION_SHAPE.test(topic) &&
    [...OPERATIONS.keys()].some((op) => op.startsWith(`${module}.`));
  return {
    service,
    ...(looksLikeOperation
      ? {
        warning:
          `No operation is named "${topic}": the topic becomes an external task that a worker must fetch.`,
      }
      : {}),
  };
}
