import type { RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../shared/http/env.ts";
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
  const rows = await listTenants(c.var.sql, { limit, after, q, status });
  return c.json(toPage(rows, limit, (r) => [r.id]), 200);
};

export const createTenantHandler: RouteHandler<typeof createTenantRoute, AppEnv> = async (c) => {
  const { tenant, owner } = await createTenant(
    c.var.sql,
    c.req.valid("json"),
    c.var.platform.roles,
  );
  return c.json({ tenant, owner }, 201);
};

export const suspendTenantHandler: RouteHandler<typeof suspendTenantRoute, AppEnv> = async (c) =>
  c.json(await suspendTenant(c.var.sql, c.var.session, c.req.valid("param").id), 200);

export const reactivateTenantHandler: RouteHandler<typeof reactivateTenantRoute, AppEnv> = async (
  c,
) => c.json(await reactivateTenant(c.var.sql, c.req.valid("param").id), 200);

export const getTenantSettingsHandler: RouteHandler<typeof getTenantSettingsRoute, AppEnv> = async (
  c,
) => c.json(await tenantSettings(c.var.sql, c.var.session), 200);

export const updateTenantSettingsHandler: RouteHandler<
  typeof updateTenantSettingsRoute,
  AppEnv
> = async (c) =>
  c.json(await changeTenantSettings(c.var.sql, c.var.session, c.req.valid("json")), 200);
