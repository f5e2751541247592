import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { getRecurrence, previewRecurrence, setRecurrence } from "./recurrence.service.ts";
import {
  clearRecurrenceRoute,
  getRecurrenceRoute,
  previewRecurrenceRoute,
  setRecurrenceRoute,
} from "./recurrence.routes.ts";

export const getRecurrenceHandler: RouteHandler<typeof getRecurrenceRoute, AppEnv> = async (c) =>
  c.json(
    await getRecurrence(actorOf(c), { taskId: c.req.valid("param").id, locale: c.var.locale }),
    200,
  );

export const setRecurrenceHandler: RouteHandler<typeof setRecurrenceRoute, AppEnv> = async (c) =>
  c.json(
    await setRecurrence(actorOf(c), {
      taskId: c.req.valid("param").id,
      input: c.req.valid("json"),
      locale: c.var.locale,
    }),
    200,
  );

export const clearRecurrenceHandler: RouteHandler<typeof clearRecurrenceRoute, AppEnv> = async (
  c,
) =>
  c.json(
    await setRecurrence(actorOf(c), {
      taskId: c.req.valid("param").id,
      input: null,
      locale: c.var.locale,
    }),
    200,
  );

export const previewRecurrenceHandler: RouteHandler<typeof previewRecurrenceRoute, AppEnv> = (
  c,
) =>
  c.json(previewRecurrence(actorOf(c), { body: c.req.valid("json"), locale: c.var.locale }), 200);

/** The recurrence routes of /api/projects. */
export function mountRecurrence(app: OpenAPIHono<AppEnv>) {
  app.openapi(previewRecurrenceRoute, previewRecurrenceHandler);
  app.openapi(getRecurrenceRoute, getRecurrenceHandler);
  app.openapi(setRecurrenceRoute, setRecurrenceHandler);
  app.openapi(clearRecurrenceRoute, clearRecurrenceHandler);
}
