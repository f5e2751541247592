import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { mountCrud } from "../common/crud.handlers.ts";
import { slaRoutes } from "./sla.routes.ts";
import { slaService } from "./sla.service.ts";

export const mountSla = (app: OpenAPIHono<AppEnv>) => mountCrud(app, slaRoutes, slaService);
