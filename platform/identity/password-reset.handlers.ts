import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../shared/http/env.ts";
import * as routes from "./password-reset.routes.ts";
import {
  completePasswordReset,
  requestPasswordReset,
  RESET_ANSWER,
} from "./password-reset.service.ts";
import { clientAddress } from "./authentication.middleware.ts";
import { requireMailOrigin } from "./links.lib.ts";
import type { Context } from "hono";
import { checkPassword, PASSWORD_MIN_LENGTH } from "./password.rules.ts";

/** Where the links in the mails point: PUBLIC_URL, else this site when trustworthy (links.lib). */
const originOf = (c: Context<AppEnv>) =>
  requireMailOrigin(c.req.url, (h) => c.req.header(h), c.var.platform.config);

export const requestPasswordResetHandler: RouteHandler<
  typeof routes.requestPasswordResetRoute,
  AppEnv
> = async (c) => {
  await requestPasswordReset(c.var.platform, {
    email: c.req.valid("json").email,
    address: clientAddress(c),
    origin: originOf(c),
    locale: c.var.locale,
  });
  return c.json({ message: RESET_ANSWER }, 202);
};

export const completePasswordResetHandler: RouteHandler<
  typeof routes.completePasswordResetRoute,
  AppEnv
> = async (c) => {
  await completePasswordReset(c.var.platform, {
    ...c.req.valid("json"),
    address: clientAddress(c),
  });
  return c.body(null, 204);
};

export const checkPasswordHandler: RouteHandler<typeof routes.checkPasswordRoute, AppEnv> = async (
  c,
) => {
  const { password, email, name } = c.req.valid("json");
  return c.json(
    { ...await checkPassword(password, { email, name }), minLength: PASSWORD_MIN_LENGTH },
    200,
  );
};

/** /api/auth/password-reset and /api/auth/password-policy: public, no session. */
export function mountPasswordReset(api: OpenAPIHono<AppEnv>) {
  api
    .openapi(routes.requestPasswordResetRoute, requestPasswordResetHandler)
    .openapi(routes.completePasswordResetRoute, completePasswordResetHandler)
    .openapi(routes.checkPasswordRoute, checkPasswordHandler);
}
