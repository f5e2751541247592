import { fieldsOf } from "../../../shared/http/fields.ts";
import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  changeProject,
  createProject,
  getProject,
  listProjectMembers,
  listProjects,
  removeProjectMember,
  setProjectMember,
} from "./projects.service.ts";
import {
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
  c.json(await listProjects(actorOf(c), c.req.valid("query"), fieldsOf(c)), 200);

export const createProjectHandler: RouteHandler<typeof createProjectRoute, AppEnv> = async (c) =>
  c.json(
    await createProject(actorOf(c), { body: c.req.valid("json"), locale: c.var.locale }),
    201,
  );

export const getProjectHandler: RouteHandler<typeof getProjectRoute, AppEnv> = async (c) =>
  c.json(await getProject(actorOf(c), c.req.valid("param").id, fieldsOf(c)), 200);

export const updateProjectHandler: RouteHandler<typeof updateProjectRoute, AppEnv> = async (c) =>
  c.json(
    await changeProject(actorOf(c), { id: c.req.valid("param").id, body: c.req.valid("json") }),
    200,
  );

export const archiveProjectHandler: RouteHandler<typeof archiveProjectRoute, AppEnv> = async (
  c,
) =>
  c.json(
    await changeProject(actorOf(c), { id: c.req.valid("param").id, body: { archived: true } }),
    200,
  );

export const unarchiveProjectHandler: RouteHandler<typeof unarchiveProjectRoute, AppEnv> = async (
  c,
) =>
  c.json(
    await changeProject(actorOf(c), { id: c.req.valid("param").id, body: { archived: false } }),
    200,
  );

export const listMembersHandler: RouteHandler<typeof listMembersRoute, AppEnv> = async (c) =>
  c.json({
    items: await listProjectMembers(actorOf(c), c.req.valid("param").id),
  }, 200);

export const addMemberHandler: RouteHandler<typeof addMemberRoute, AppEnv> = async (c) =>
  c.json(
    await setProjectMember(actorOf(c), {
      projectId: c.req.valid("param").id,
      body: c.req.valid("json"),
      mode: "add",
    }),
    201,
  );

export const changeMemberHandler: RouteHandler<typeof changeMemberRoute, AppEnv> = async (c) => {
  const { id, userId } = c.req.valid("param");
  const body = { userId, role: c.req.valid("json").role };
  return c.json(await setProjectMember(actorOf(c), { projectId: id, body, mode: "change" }), 200);
};

export const removeMemberHandler: RouteHandler<typeof removeMemberRoute, AppEnv> = async (c) => {
  const { id, userId } = c.req.valid("param");
  await removeProjectMember(actorOf(c), { projectId: id, userId: userId });
  return c.body(null, 204);
};

/** The projects routes of /api/projects. */
export function mountProjects(app: OpenAPIHono<AppEnv>) {
  app.openapi(listProjectsRoute, listProjectsHandler);
  app.openapi(createProjectRoute, createProjectHandler);
  app.openapi(getProjectRoute, getProjectHandler);
  app.openapi(updateProjectRoute, updateProjectHandler);
  app.openapi(archiveProjectRoute, archiveProjectHandler);
  app.openapi(unarchiveProjectRoute, unarchiveProjectHandler);
  app.openapi(listMembersRoute, listMembersHandler);
  app.openapi(addMemberRoute, addMemberHandler);
  app.openapi(changeMemberRoute, changeMemberHandler);
  app.openapi(removeMemberRoute, removeMemberHandler);
}
