import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../shared/http/env.ts";
import { actorOf } from "../../shared/http/actor.ts";
import * as r from "./api-tokens.routes.ts";
import * as tokens from "./api-tokens.service.ts";
import { clientAddress } from "./authentication.middleware.ts";

const list: RouteHandler<typeof r.listTokensRoute, AppEnv> = async (c) =>
  c.json(await tokens.listPersonalTokens(actorOf(c)), 200);
const create: RouteHandler<typeof r.createTokenRoute, AppEnv> = async (c) =>
  c.json(await tokens.createPersonalToken(actorOf(c), c.req.valid("json"), clientAddress(c)), 201);
const revoke: RouteHandler<typeof r.revokeTokenRoute, AppEnv> = async (c) => {
  await tokens.revokePersonalToken(actorOf(c), c.req.valid("param").id, clientAddress(c));
  return c.body(null, 204);
};

const accounts: RouteHandler<typeof r.listServiceAccountsRoute, AppEnv> = async (c) =>
  c.json(await tokens.listServiceAccounts(actorOf(c)), 200);
const addAccount: RouteHandler<typeof r.createServiceAccountRoute, AppEnv> = async (c) =>
  c.json(
    await tokens.createServiceAccount(actorOf(c), c.req.valid("json"), clientAddress(c)),
    201,
  );
const removeAccount: RouteHandler<typeof r.deleteServiceAccountRoute, AppEnv> = async (c) => {
  await tokens.removeServiceAccount(actorOf(c), c.req.valid("param").id, clientAddress(c));
  return c.body(null, 204);
};
const accountTokens: RouteHandler<typeof r.listServiceAccountTokensRoute, AppEnv> = async (c) =>
  c.json(await tokens.listServiceAccountTokens(actorOf(c), c.req.valid("param").id), 200);
const addAccountToken: RouteHandler<typeof r.createServiceAccountTokenRoute, AppEnv> = async (
  c,
) =>
  c.json(
    await tokens.createServiceAccountToken(
      actorOf(c),
      c.req.valid("param").id,
      c.req.valid("json"),
      clientAddress(c),
    ),
    201,
  );
const revokeAccountToken: RouteHandler<typeof r.revokeServiceAccountTokenRoute, AppEnv> = async (
  c,
) => {
  const { id, tokenId } = c.req.valid("param");
  await tokens.revokeServiceAccountToken(actorOf(c), id, tokenId, clientAddress(c));
  return c.body(null, 204);
};

/** /api/auth/tokens: the caller's personal access tokens. */
export function mountApiTokens(api: OpenAPIHono<AppEnv>) {
  api
    .openapi(r.listTokensRoute, list)
    .openapi(r.createTokenRoute, create)
    .openapi(r.revokeTokenRoute, revoke);
}

/** /api/admin/service-accounts: the workspace's service accounts and their tokens. */
export function mountServiceAccounts(api: OpenAPIHono<AppEnv>) {
  api
    .openapi(r.listServiceAccountsRoute, accounts)
    .openapi(r.createServiceAccountRoute, addAccount)
    .openapi(r.deleteServiceAccountRoute, removeAccount)
    .openapi(r.listServiceAccountTokensRoute, accountTokens)
    .openapi(r.createServiceAccountTokenRoute, addAccountToken)
    .openapi(r.revokeServiceAccountTokenRoute, revokeAccountToken);
}
