import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { appOrigin } from "../../../platform/identity/public.ts";
import { changeFeed, createFeed, feedSettings, revokeFeed } from "./ical.service.ts";
import { createFeedRoute, getFeedRoute, revokeFeedRoute, updateFeedRoute } from "./ical.routes.ts";

/** The site's address as the caller reached it (or PUBLIC_URL): the feed's URL starts there. */
const originOf = (c: Context<AppEnv>) =>
  appOrigin(c.req.url, (n) => c.req.header(n), c.var.platform.config);

export const getFeedHandler: RouteHandler<typeof getFeedRoute, AppEnv> = async (c) =>
  c.json(await feedSettings(actorOf(c)), 200);

export const createFeedHandler: RouteHandler<typeof createFeedRoute, AppEnv> = async (c) =>
  c.json(await createFeed(actorOf(c), { origin: originOf(c), ...c.req.valid("json") }), 201);

export const updateFeedHandler: RouteHandler<typeof updateFeedRoute, AppEnv> = async (c) =>
  c.json(await changeFeed(actorOf(c), c.req.valid("json")), 200);

export const revokeFeedHandler: RouteHandler<typeof revokeFeedRoute, AppEnv> = async (c) => {
  await revokeFeed(actorOf(c));
  return c.body(null, 204);
};

/** The calendar feed routes of /api/projects. */
export function mountIcal(app: OpenAPIHono<AppEnv>) {
  app.openapi(getFeedRoute, getFeedHandler);
  app.openapi(createFeedRoute, createFeedHandler);
  app.openapi(updateFeedRoute, updateFeedHandler);
  app.openapi(revokeFeedRoute, revokeFeedHandler);
}
