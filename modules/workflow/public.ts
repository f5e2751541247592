/**
 * What other modules may use of Workflow: its domain events (a process ended, a task was
 * assigned) to react to.
 */
export { type WorkflowEvent, workflowEvents } from "./events.ts";
// Whether someone is away now (a standing delegation for all their work in force), e.g. so
// Support's auto-assignment skips them.
export { standingSubstitute } from "./delegations/delegations.standing.service.ts";
