import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  changeMilestone,
  createMilestone,
  getMilestone,
  listMilestones,
  removeMilestone,
} from "./milestones.service.ts";
import {
  createMilestoneRoute,
  deleteMilestoneRoute,
  getMilestoneRoute,
  listMilestonesRoute,
  updateMilestoneRoute,
} from "./milestones.routes.ts";

export const listMilestonesHandler: RouteHandler<typeof listMilestonesRoute, AppEnv> = async (
  c,
) => c.json({ items: await listMilestones(actorOf(c), c.req.valid("param").id) }, 200);

export const createMilestoneHandler: RouteHandler<typeof createMilestoneRoute, AppEnv> = async (
  c,
) =>
  c.json(
    await createMilestone(actorOf(c), {
      projectId: c.req.valid("param").id,
      body: c.req.valid("json"),
    }),
    201,
  );

export const getMilestoneHandler: RouteHandler<typeof getMilestoneRoute, AppEnv> = async (c) =>
  c.json((await getMilestone(actorOf(c), c.req.valid("param").id)).milestone, 200);

export const updateMilestoneHandler: RouteHandler<typeof updateMilestoneRoute, AppEnv> = async (
  c,
) =>
  c.json(
    await changeMilestone(actorOf(c), { id: c.req.valid("param").id, body: c.req.valid("json") }),
    200,
  );

export const deleteMilestoneHandler: RouteHandler<typeof deleteMilestoneRoute, AppEnv> = async (
  c,
) => {
  await removeMilestone(actorOf(c), c.req.valid("param").id);
  return c.body(null, 204);
};

/** The milestone routes of /api/projects. */
export function mountMilestones(app: OpenAPIHono<AppEnv>) {
  app.openapi(listMilestonesRoute, listMilestonesHandler);
  app.openapi(createMilestoneRoute, createMilestoneHandler);
  app.openapi(getMilestoneRoute, getMilestoneHandler);
  app.openapi(updateMilestoneRoute, updateMilestoneHandler);
  app.openapi(deleteMilestoneRoute, deleteMilestoneHandler);
}
