import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { mountCrud } from "../common/crud.handlers.ts";
import { companyRoutes } from "./companies.routes.ts";
import { companiesService } from "./companies.service.ts";

export const mountCompanies = (app: OpenAPIHono<AppEnv>) =>
  mountCrud(app, companyRoutes, companiesService);
