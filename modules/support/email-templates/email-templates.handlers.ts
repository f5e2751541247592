import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { mountCrud } from "../common/crud.handlers.ts";
import { emailTemplateRoutes, previewRoute } from "./email-templates.routes.ts";
import { emailTemplatesService } from "./email-templates.service.ts";
import { previewTemplate } from "./email-templates.lib.ts";

const previewHandler: RouteHandler<typeof previewRoute, AppEnv> = (c) =>
  c.json(previewTemplate(c.req.valid("json")), 200);

export const mountEmailTemplates = (app: OpenAPIHono<AppEnv>) => {
  app.openapi(previewRoute, previewHandler);
  mountCrud(app, emailTemplateRoutes, emailTemplatesService);
};
