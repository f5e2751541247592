import type { RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../shared/http/env.ts";
import { changePassword, changeProfile } from "./profile.service.ts";
import { clientAddress } from "./session.ts";
import type { changePasswordRoute, updateProfileRoute } from "./profile.routes.ts";

export const updateProfileHandler: RouteHandler<typeof updateProfileRoute, AppEnv> = async (c) =>
  c.json(await changeProfile(c.var.sql, c.var.session.userId, c.req.valid("json")), 200);

/** Runs without a request-wide transaction (app/app.tsx): see changePassword. */
export const changePasswordHandler: RouteHandler<typeof changePasswordRoute, AppEnv> = async (
  c,
) => {
  await changePassword(c.var.scope, c.var.session, clientAddress(c), c.req.valid("json"));
  return c.body(null, 204);
};
