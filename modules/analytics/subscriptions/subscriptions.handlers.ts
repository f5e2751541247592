import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { appOrigin } from "../../../platform/identity/public.ts";
import {
  createSubscriptionRoute,
  deleteSubscriptionRoute,
  getSubscriptionRoute,
  listSendsRoute,
  listSubscriptionsRoute,
  patchSubscriptionRoute,
  sendSubscriptionRoute,
} from "./subscriptions.routes.ts";
import {
  createSubscription,
  getSubscription,
  listSends,
  listSubscriptions,
  patchSubscription,
  removeSubscription,
  sendNow,
} from "./subscriptions.service.ts";

/** Where the mail's link points: the address the subscription was made at. */
export const originOf = (c: Context<AppEnv>) =>
  appOrigin(c.req.url, (n) => c.req.header(n), c.var.platform.config);

const list: RouteHandler<typeof listSubscriptionsRoute, AppEnv> = async (c) =>
  c.json(await listSubscriptions(actorOf(c), c.req.valid("param").sheetId), 200);
const create: RouteHandler<typeof createSubscriptionRoute, AppEnv> = async (c) =>
  c.json(
    await createSubscription(actorOf(c), {
      sheetId: c.req.valid("param").sheetId,
      input: c.req.valid("json"),
      origin: originOf(c),
    }),
    201,
  );
const get: RouteHandler<typeof getSubscriptionRoute, AppEnv> = async (c) =>
  c.json(await getSubscription(actorOf(c), c.req.valid("param").id), 200);
const patch: RouteHandler<typeof patchSubscriptionRoute, AppEnv> = async (c) =>
  c.json(
    await patchSubscription(actorOf(c), {
      id: c.req.valid("param").id,
      patch: c.req.valid("json"),
      origin: originOf(c),
    }),
    200,
  );
const remove: RouteHandler<typeof deleteSubscriptionRoute, AppEnv> = async (c) => {
  await removeSubscription(actorOf(c), c.req.valid("param").id);
  return c.body(null, 204);
};
const send: RouteHandler<typeof sendSubscriptionRoute, AppEnv> = async (c) =>
  c.json(await sendNow(actorOf(c), c.req.valid("param").id), 202);
const sends: RouteHandler<typeof listSendsRoute, AppEnv> = async (c) =>
  c.json(await listSends(actorOf(c), c.req.valid("param").id), 200);

export function mountSubscriptions(app: OpenAPIHono<AppEnv>) {
  app.openapi(listSubscriptionsRoute, list);
  app.openapi(createSubscriptionRoute, create);
  app.openapi(getSubscriptionRoute, get);
  app.openapi(patchSubscriptionRoute, patch);
  app.openapi(deleteSubscriptionRoute, remove);
  app.openapi(sendSubscriptionRoute, send);
  app.openapi(listSendsRoute, sends);
}
