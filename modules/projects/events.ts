/**
 * The domain events Projects publishes (from the services, in the transaction of the change).
 * Notification rules and other modules read these payloads: ids to follow up, names and titles
 * to show without another lookup, and who acted.
 */
import { z } from "@hono/zod-openapi";
import type { EventCatalog } from "../../shared/modules.ts";

const Project = { projectId: z.string(), projectName: z.string(), actorId: z.string() };
const Task = { ...Project, taskId: z.string(), title: z.string() };

export const projectsEvents = {
  "projects.project.created": z.looseObject({ ...Project, status: z.string() }),
  "projects.project.status-changed": z.looseObject({
    ...Project,
    oldStatus: z.string(),
    newStatus: z.string(),
  }),
  "projects.task.created": z.looseObject({
    ...Task,
    statusId: z.string(),
    statusName: z.string(),
    assigneeId: z.string().nullable(),
  }),
  "projects.task.status-changed": z.looseObject({
    ...Task,
    oldStatusId: z.string(),
    oldStatusName: z.string(),
    newStatusId: z.string(),
    newStatusName: z.string(),
    assigneeId: z.string().nullable(),
  }),
  "projects.task.assigned": z.looseObject({
    ...Task,
    assigneeId: z.string(),
    previousAssigneeId: z.string().nullable(),
  }),
  "projects.comment.added": z.looseObject({
    ...Task,
    commentId: z.string(),
    authorId: z.string(),
    mentions: z.array(z.string()),
  }),
} satisfies EventCatalog;

export type ProjectsEvent = keyof typeof projectsEvents;
