import type { OpenAPIHono, RouteConfig, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { loadAccess } from "../access/access.service.ts";
import {
  createFolder,
  folderTree,
  getPermissions,
  setPermissions,
  trashFolder,
  updateFolderMeta,
  visibleFolder,
} from "./folders.service.ts";
import * as R from "./folders.routes.ts";

type H<T extends RouteConfig> = RouteHandler<T, AppEnv>;

export const tree: H<typeof R.folderTreeRoute> = async (c) =>
  c.json({ items: await c.var.scope((tx) => folderTree(actorOf(c, tx))) }, 200);

export const create: H<typeof R.createFolderRoute> = async (c) => {
  const { name, parentId } = c.req.valid("json");
  return c.json(
    await c.var.scope((tx) => createFolder(actorOf(c, tx), { name, parentId: parentId ?? null })),
    201,
  );
};

export const get: H<typeof R.getFolderRoute> = async (c) => {
  const { id } = c.req.valid("param");
  return c.json(
    await c.var.scope(async (tx) => {
      const access = await loadAccess({ sql: tx, session: c.var.session });
      return {
        ...await visibleFolder({ sql: tx }, { access: access, id: id }),
        access: access.folder(id),
      };
    }),
    200,
  );
};

export const patch: H<typeof R.patchFolderRoute> = async (c) => {
  const { id } = c.req.valid("param");
  const body = c.req.valid("json");
  return c.json(
    await c.var.scope((tx) => updateFolderMeta(actorOf(c, tx), { id, patch: body })),
    200,
  );
};

export const remove: H<typeof R.deleteFolderRoute> = async (c) => {
  await c.var.scope((tx) => trashFolder(actorOf(c, tx), c.req.valid("param").id));
  return c.body(null, 204);
};

export const permissions: H<typeof R.getPermissionsRoute> = async (c) =>
  c.json(
    await c.var.scope((tx) => getPermissions(actorOf(c, tx), c.req.valid("param").id)),
    200,
  );

export const putPermissions: H<typeof R.putPermissionsRoute> = async (c) => {
  const { id } = c.req.valid("param");
  const body = c.req.valid("json");
  return c.json(await c.var.scope((tx) => setPermissions(actorOf(c, tx), { id, body })), 200);
};

/** Mounts the folder tree, folders and their permissions. */
export const mountFolders = (app: OpenAPIHono<AppEnv>) => {
  app
    .openapi(R.folderTreeRoute, tree)
    .openapi(R.createFolderRoute, create)
    .openapi(R.getFolderRoute, get)
    .openapi(R.patchFolderRoute, patch)
    .openapi(R.deleteFolderRoute, remove)
    .openapi(R.getPermissionsRoute, permissions)
    .openapi(R.putPermissionsRoute, putPermissions);
};
