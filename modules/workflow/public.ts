/**
 * What other modules may use of Workflow: its domain events (a process ended, a task was
 * assigned) to react to.
 */
export { type WorkflowEvent, workflowEvents } from "./events.ts";
