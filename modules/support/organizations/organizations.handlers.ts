import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { mountCrud } from "../common/crud.handlers.ts";
import { departmentRoutes, teamRoutes } from "./organizations.routes.ts";
import { departmentsService, teamsService } from "./organizations.service.ts";

export const mountOrganizations = (app: OpenAPIHono<AppEnv>) => {
  mountCrud(app, departmentRoutes, departmentsService);
  mountCrud(app, teamRoutes, teamsService);
};
