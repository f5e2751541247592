import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { mountCrud } from "../common/crud.handlers.ts";
import { contactRoutes } from "./contacts.routes.ts";
import { contactsService } from "./contacts.service.ts";

export const mountContacts = (app: OpenAPIHono<AppEnv>) =>
  mountCrud(app, contactRoutes, contactsService);
