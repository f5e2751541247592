import { ArrowLeft, Layers } from "lucide-static";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "./env.ts";
import { type Locale, t } from "../i18n/i18n.ts";

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

/** A lucide icon from the installed package, inline and decorative (no font, no CDN). */
function icon(svg: string) {
  return svg.replace(/<!--.*?-->\s*/s, "").replace(/\s+/g, " ")
    .replace(/width="24" height="24"/, 'width="18" height="18"')
    .replace("<svg ", '<svg aria-hidden="true" focusable="false" ');
}

/** Escapes text for HTML. */
const esc = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * The interactive reference: swagger-ui served from the app's own assets, under a top bar (in
 * the reader's language) that leads back to the app, in a <main> landmark whose Swagger content
 * is English. ui/assets/docs.css restyles what axe-core finds too faint; ui/assets/docs.js
 * starts Swagger UI (the CSP forbids inline scripts).
 */
export function docsPage(l: Locale = "en") {
  const app = esc(t(l, "app.name"));
  const title = esc(t(l, "nav.apiDocs"));
  return `<!doctype html>
<html lang="${
    esc(l)
  }"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${title} · ${app}</title>
<link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/assets/swagger-ui.css"><link rel="stylesheet" href="/assets/docs.css"></head>
<body><header class="docs-bar">
<a class="docs-back" href="/">${icon(ArrowLeft)}<span class="docs-brand">${
    icon(Layers)
  }${app}</span></a>
<h1 class="docs-title">${title}</h1>
<a class="docs-json" href="/openapi.json" lang="en">OpenAPI 3.1</a>
</header>
<main id="swagger-ui" class="docs-main" lang="en" aria-label="${title}"></main>
<script src="/assets/swagger-ui-bundle.js"></script><script src="/assets/docs.js"></script>
</body></html>`;
}
