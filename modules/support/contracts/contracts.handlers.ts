import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { mountCrud } from "../common/crud.handlers.ts";
import { contractRoutes } from "./contracts.routes.ts";
import { contractsService } from "./contracts.service.ts";

export const mountContracts = (app: OpenAPIHono<AppEnv>) =>
  mountCrud(app, contractRoutes, contractsService);
