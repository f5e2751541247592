import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../shared/http/env.ts";
import { actorOf } from "../../shared/http/actor.ts";
import { decodeCursor, toPage } from "../../shared/http/paging.ts";
import * as routes from "./invitations.routes.ts";
import {
  inviteByEmail,
  listInvitations,
  resendInvitation,
  revokeInvitation,
} from "./invitations.service.ts";
import { clientAddress } from "./authentication.middleware.ts";
import { requireMailOrigin } from "./links.lib.ts";

/** Where the links in the mails point: PUBLIC_URL, else this site when trustworthy (links.lib). */
const originOf = (c: Context<AppEnv>) =>
  requireMailOrigin(c.req.url, (h) => c.req.header(h), c.var.platform.config);

export const listInvitationsHandler: RouteHandler<
  typeof routes.listInvitationsRoute,
  AppEnv
> = async (c) => {
  const { limit, cursor } = c.req.valid("query");
  const after = decodeCursor(cursor, ["uuid"])?.[0] as string | undefined;
  const rows = await listInvitations(actorOf(c), { limit, after });
  return c.json(toPage(rows, limit, (r) => [r.id]), 200);
};

export const createInvitationHandler: RouteHandler<
  typeof routes.createInvitationRoute,
  AppEnv
> = async (c) =>
  c.json(
    await inviteByEmail(actorOf(c), {
      catalog: c.var.platform.permissions,
      ...c.req.valid("json"),
      origin: originOf(c),
      address: clientAddress(c),
    }),
    201,
  );

export const resendInvitationHandler: RouteHandler<
  typeof routes.resendInvitationRoute,
  AppEnv
> = async (c) =>
  c.json(
    await resendInvitation(actorOf(c), {
      id: c.req.valid("param").id,
      origin: originOf(c),
      address: clientAddress(c),
    }),
    200,
  );

export const revokeInvitationHandler: RouteHandler<
  typeof routes.revokeInvitationRoute,
  AppEnv
> = async (c) =>
  c.json(
    await revokeInvitation(actorOf(c), {
      id: c.req.valid("param").id,
      address: clientAddress(c),
    }),
    200,
  );

/** /api/admin/invitations: e-mail invitations of the current tenant. */
export function mountInvitations(api: OpenAPIHono<AppEnv>) {
  api
    .openapi(routes.listInvitationsRoute, listInvitationsHandler)
    .openapi(routes.createInvitationRoute, createInvitationHandler)
    .openapi(routes.resendInvitationRoute, resendInvitationHandler)
    .openapi(routes.revokeInvitationRoute, revokeInvitationHandler);
}
