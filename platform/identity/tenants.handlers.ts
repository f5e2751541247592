import type { RouteHandler } from "@hono/zod-openapi";
import type { OpenAPIHono } from "@hono/zod-openapi";
import * as routes from "./tenants.routes.ts";
import type { AppEnv } from "../../shared/http/env.ts";
import { actorOf } from "../../shared/http/actor.ts";
import { clientAddress } from "./authentication.middleware.ts";
import { decodeCursor, toPage } from "../../shared/http/paging.ts";
import {
  changeTenantSettings,
  createTenant,
  listTenants,
  reactivateTenant,
  suspendTenant,
  tenantSettings,
} from "./tenants.service.ts";
import type {
  createTenantRoute,
  getTenantSettingsRoute,
  listTenantsRoute,
  reactivateTenantRoute,
  suspendTenantRoute,
  updateTenantSettingsRoute,
} from "./tenants.routes.ts";

export const listTenantsHandler: RouteHandler<typeof listTenantsRoute, AppEnv> = async (c) => {
  const { limit, cursor, q, status } = c.req.valid("query");
  const after = decodeCursor(cursor, ["uuid"])?.[0] as string | undefined;
  const rows = await listTenants(actorOf(c), { limit, after, q, status });
  return c.json(toPage(rows, limit, (r) => [r.id]), 200);
};

export const createTenantHandler: RouteHandler<typeof createTenantRoute, AppEnv> = async (c) => {
  const { tenant, owner } = await createTenant(actorOf(c), {
    ...c.req.valid("json"),
    roles: c.var.platform.roles,
  });
  return c.json({ tenant, owner }, 201);
};

export const suspendTenantHandler: RouteHandler<typeof suspendTenantRoute, AppEnv> = async (c) =>
  c.json(await suspendTenant(actorOf(c), c.req.valid("param").id), 200);

export const reactivateTenantHandler: RouteHandler<typeof reactivateTenantRoute, AppEnv> = async (
  c,
) => c.json(await reactivateTenant(actorOf(c), c.req.valid("param").id), 200);

export const getTenantSettingsHandler: RouteHandler<typeof getTenantSettingsRoute, AppEnv> = async (
  c,
) => c.json(await tenantSettings(actorOf(c)), 200);

export const updateTenantSettingsHandler: RouteHandler<
  typeof updateTenantSettingsRoute,
  AppEnv
> = async (c) =>
  c.json(await changeTenantSettings(actorOf(c), c.req.valid("json"), clientAddress(c)), 200);

/** /api/admin: tenants (operators) and the current tenant's settings. */
export function mountTenants(api: OpenAPIHono<AppEnv>) {
  api
    .openapi(routes.listTenantsRoute, listTenantsHandler)
    .openapi(routes.createTenantRoute, createTenantHandler)
    .openapi(routes.suspendTenantRoute, suspendTenantHandler)
    .openapi(routes.reactivateTenantRoute, reactivateTenantHandler)
    .openapi(routes.getTenantSettingsRoute, getTenantSettingsHandler)
    .openapi(routes.updateTenantSettingsRoute, updateTenantSettingsHandler);
}
