import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "./env.ts";

/** Registers /openapi.json (OpenAPI 3.1 of every mounted route) and the security schemes. */
export function mountOpenApi(app: OpenAPIHono<AppEnv>) {
  app.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "Token from POST /api/auth/login (or a configured external issuer).",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "cookieAuth", {
    type: "apiKey",
    in: "cookie",
    name: "session",
    description: "The browser session cookie set by sign-in.",
  });
  app.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: {
      title: "Business Platform API",
      version: "1.0.0",
      description: "Support, Workflow, Documents, Analytics, Projects and Automation. " +
        "Errors are RFC 9457 application/problem+json.",
    },
    security: [{ bearerAuth: [] }, { cookieAuth: [] }],
  });
}

/** The interactive reference; swagger-ui is served from the app's own assets. */
export const docsPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference</title><link rel="stylesheet" href="/assets/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/assets/swagger-ui-bundle.js"></script><script src="/assets/docs.js"></script>
</body></html>`;
