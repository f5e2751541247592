/**
 * What other modules may use of Projects: its domain events (to react to them) and the shapes
 * of a project and a task as those events and the API describe them.
 */
export { type ProjectsEvent, projectsEvents } from "./events.ts";
export type { ProjectRow } from "./projects/projects.schemas.ts";
export type { TaskRow } from "./tasks/tasks.schemas.ts";
// Automation's platform operations (agents act through these services with their own grants).
export { listProjects } from "./projects/projects.service.ts";
export { ProjectQuery } from "./projects/projects.schemas.ts";
export { createTask } from "./tasks/tasks.service.ts";
export { CreateTaskBody } from "./tasks/tasks.schemas.ts";
// Automation's cross-module activity log shows Projects lines by the feed's visibility rule.
export { projectActivityVisible } from "./feed/activity-visibility.repo.ts";
