/**
 * Applications: created by holders of analytics.app.write, seen by those they are shared with
 * (access.ts decides the level), renamed and deleted by managers, who also grant access.
 * Every change is audited.
 */
import type { Actor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { hasPermission } from "../../../shared/rbac/permissions.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import { APP_WRITE, baseLevel, highest } from "./access.rules.ts";
import { requireApp } from "./access.service.ts";
import {
  type AppListRow,
  deleteApp,
  insertApp,
  knownPrincipals,
  replaceGrants,
  selectApps,
  selectGrants,
  selectPrincipals,
  updateApp,
} from "./apps.repo.ts";
import type { Access, AccessInput, App, AppInput, AppPatch } from "./apps.schemas.ts";

function toApp(actor: Actor, r: AppListRow): App {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    createdBy: r.createdBy,
    createdByName: r.createdByName,
    level: highest([baseLevel(actor.session, r.createdBy), r.granted]) ?? "view",
    sheetCount: r.sheetCount,
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
  };
}

const me = (actor: Actor) => ({
  userId: actor.session.userId,
  roles: actor.session.roles,
  all: hasPermission(actor.session.permissions, APP_WRITE),
});

export async function listApps(actor: Actor): Promise<{ items: App[] }> {
  const rows = await selectApps(actor.sql, me(actor));
  return { items: rows.map((r) => toApp(actor, r)) };
}

export async function getApp(actor: Actor, id: string): Promise<App> {
  await requireApp(actor, { appId: id, level: "view" });
  const [row] = await selectApps(actor.sql, me(actor), id);
  return toApp(actor, row);
}

export async function createApp(actor: Actor, input: AppInput): Promise<App> {
  const id = crypto.randomUUID();
  await insertApp(actor.sql, { id, ...input, createdBy: actor.session.userId });
  await recordActivity(actor, {
    module: "analytics",
    entityType: "app",
    entityId: id,
    action: "created",
    summary: `Created the application ${input.name}`,
    after: input,
  });
  return await getApp(actor, id);
}

export async function patchApp(
  actor: Actor,
  { id, patch }: { id: string; patch: AppPatch },
): Promise<App> {
  const { app } = await requireApp(actor, { appId: id, level: "manage", lock: true });
  await updateApp(actor.sql, id, patch);
  await recordActivity(actor, {
    module: "analytics",
    entityType: "app",
    entityId: id,
    action: "updated",
    summary: `Changed the application ${patch.name ?? app.name}`,
    before: { name: app.name, description: app.description },
    after: patch,
  });
  return await getApp(actor, id);
}

export async function removeApp(actor: Actor, id: string): Promise<void> {
  const { app } = await requireApp(actor, { appId: id, level: "manage", lock: true });
  await deleteApp(actor.sql, id);
  await recordActivity(actor, {
    module: "analytics",
    entityType: "app",
    entityId: id,
    action: "deleted",
    summary: `Deleted the application ${app.name}`,
    before: { name: app.name, description: app.description },
  });
}

export async function getAccess(actor: Actor, id: string): Promise<Access> {
  const { app } = await requireApp(actor, { appId: id, level: "manage" });
  return { appId: id, createdBy: app.createdBy, grants: await selectGrants(actor.sql, id) };
}

/**
 * PUT /apps/{id}/access: the full list of grants. Users must be members of the tenant and
 * roles must exist; one grant per user and per role.
 */
export async function putAccess(
  actor: Actor,
  { id, access: input }: { id: string; access: AccessInput },
): Promise<Access> {
  const { app } = await requireApp(actor, { appId: id, level: "manage", lock: true });
  const userIds = input.grants.flatMap((g) => g.userId ? [g.userId] : []);
  const roles = input.grants.flatMap((g) => g.role ? [g.role] : []);
  const errors: { path: string; message: string }[] = [];
  const known = await knownPrincipals(actor.sql, userIds, roles);
  const seen = new Set<string>();
  input.grants.forEach((g, i) => {
    const key = g.userId ? `u:${g.userId}` : `r:${g.role}`;
    if (seen.has(key)) errors.push({ path: `grants.${i}`, message: "Given twice" });
    seen.add(key);
    if (g.userId && !known.users.has(g.userId)) {
      errors.push({ path: `grants.${i}.userId`, message: "Not a member of this tenant" });
    }
    if (g.role && !known.roles.has(g.role)) {
      errors.push({ path: `grants.${i}.role`, message: "No such role" });
    }
  });
  if (errors.length) throw problems.validation(errors);
  const before = await selectGrants(actor.sql, id);
  await replaceGrants(actor.sql, id, input.grants);
  const after = await selectGrants(actor.sql, id);
  await recordActivity(actor, {
    module: "analytics",
    entityType: "app",
    entityId: id,
    action: "updated",
    summary: "Changed who may use the application",
    before: { grants: before.map((g) => `${g.name}: ${g.level}`) },
    after: { grants: after.map((g) => `${g.name}: ${g.level}`) },
  });
  return { appId: id, createdBy: app.createdBy, grants: after };
}

/** The people and roles a manager may grant access to (for the access page). */
export async function grantablePrincipals(actor: Actor, id: string) {
  await requireApp(actor, { appId: id, level: "manage" });
  return await selectPrincipals(actor.sql);
}
