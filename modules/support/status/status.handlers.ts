import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { currentLanguages, t } from "../../../shared/i18n/i18n.ts";
import { STATUSES } from "../common/common.schemas.ts";
import { OPEN_STATUSES, TRANSITIONS } from "../tickets/tickets.rules.ts";
import { statusRoute } from "./status.routes.ts";

const handler: RouteHandler<typeof statusRoute, AppEnv> = (c) => {
  const languages = currentLanguages().map((l) => l.code);
  return c.json({
    items: STATUSES.map((value) => ({
      value,
      labels: Object.fromEntries(languages.map((l) => [l, t(l, `support.status.${value}`)])),
      next: TRANSITIONS[value],
      open: OPEN_STATUSES.includes(value),
    })),
  }, 200);
};

export const mountStatus = (app: OpenAPIHono<AppEnv>) => app.openapi(statusRoute, handler);
