import type { RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import {
  changeProject,
  createProject,
  getProject,
  listProjectMembers,
  listProjects,
  removeProjectMember,
  setProjectMember,
} from "./projects.service.ts";
import type {
  addMemberRoute,
  archiveProjectRoute,
  changeMemberRoute,
  createProjectRoute,
  getProjectRoute,
  listMembersRoute,
  listProjectsRoute,
  removeMemberRoute,
  unarchiveProjectRoute,
  updateProjectRoute,
} from "./projects.routes.ts";

export const listProjectsHandler: RouteHandler<typeof listProjectsRoute, AppEnv> = async (c) =>
  c.json(await listProjects(c.var.sql, c.var.session, c.req.valid("query")), 200);

export const createProjectHandler: RouteHandler<typeof createProjectRoute, AppEnv> = async (c) =>
  c.json(await createProject(c.var.sql, c.var.session, c.req.valid("json")), 201);

export const getProjectHandler: RouteHandler<typeof getProjectRoute, AppEnv> = async (c) =>
  c.json(await getProject(c.var.sql, c.var.session, c.req.valid("param").id), 200);

export const updateProjectHandler: RouteHandler<typeof updateProjectRoute, AppEnv> = async (c) =>
  c.json(
    await changeProject(c.var.sql, c.var.session, c.req.valid("param").id, c.req.valid("json")),
    200,
  );

export const archiveProjectHandler: RouteHandler<typeof archiveProjectRoute, AppEnv> = async (
  c,
) =>
  c.json(
    await changeProject(c.var.sql, c.var.session, c.req.valid("param").id, { archived: true }),
    200,
  );

export const unarchiveProjectHandler: RouteHandler<typeof unarchiveProjectRoute, AppEnv> = async (
  c,
) =>
  c.json(
    await changeProject(c.var.sql, c.var.session, c.req.valid("param").id, { archived: false }),
    200,
  );

export const listMembersHandler: RouteHandler<typeof listMembersRoute, AppEnv> = async (c) =>
  c.json({
    items: await listProjectMembers(c.var.sql, c.var.session, c.req.valid("param").id),
  }, 200);

export const addMemberHandler: RouteHandler<typeof addMemberRoute, AppEnv> = async (c) =>
  c.json(
    await setProjectMember(
      c.var.sql,
      c.var.session,
      c.req.valid("param").id,
      c.req.valid("json"),
      "add",
    ),
    201,
  );

export const changeMemberHandler: RouteHandler<typeof changeMemberRoute, AppEnv> = async (c) => {
  const { id, userId } = c.req.valid("param");
  const body = { userId, role: c.req.valid("json").role };
  return c.json(await setProjectMember(c.var.sql, c.var.session, id, body, "change"), 200);
};

export const removeMemberHandler: RouteHandler<typeof removeMemberRoute, AppEnv> = async (c) => {
  const { id, userId } = c.req.valid("param");
  await removeProjectMember(c.var.sql, c.var.session, id, userId);
  return c.body(null, 204);
};
