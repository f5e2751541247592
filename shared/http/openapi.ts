import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "./env.ts";

/**
 * Every operation gets an operationId: routes that name none are named from their method and
 * final path ("get /api/projects/tasks/{id}" → "getProjectsTasksById"), unique because method
 * and path are, so API clients can generate code from the document. Call after every router is
 * mounted, so the paths carry their /api/<module> prefix.
 */
function nameOperations(app: OpenAPIHono<AppEnv>) {
  for (const def of app.openAPIRegistry.definitions) {
    if (def.type !== "route" || def.route.operationId) continue;
    const words = def.route.path.replace(/^\/api\//, "").split("/").filter(Boolean).map((seg) =>
      seg.startsWith("{") ? `by-${seg.slice(1, -1)}` : seg
    );
    def.route.operationId = [def.route.method, ...words].join("-")
      .replace(/[^A-Za-z0-9]+(.)?/g, (_, ch: string | undefined) => (ch ?? "").toUpperCase());
  }
}

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
  nameOperations(app);
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

/**
 * The methods each declared path answers, for `405 Method Not Allowed` with `Allow` (RFC 9110):
 * a wrong method on an existing path is not a missing resource. Read from the OpenAPI registry,
 * so it is exactly what /openapi.json promises. Returns null for a path nothing declares.
 */
export function methodIndex(app: OpenAPIHono<AppEnv>): (path: string) => string[] | null {
  const byPath = new Map<string, { re: RegExp; methods: Set<string> }>();
  for (const def of app.openAPIRegistry.definitions) {
    if (def.type !== "route") continue;
    const template = def.route.path;
    let entry = byPath.get(template);
    if (!entry) {
      const pattern = template.split(/\{[^}]+\}/).map((part) =>
        part.replace(/[.*+?^$()|[\]\\]/g, "\\$&")
      )
        .join("[^/]+");
      entry = { re: new RegExp(`^${pattern}$`), methods: new Set() };
      byPath.set(template, entry);
    }
    entry.methods.add(def.route.method.toUpperCase());
  }
  const entries = [...byPath.values()];
  return (path) => {
    const methods = new Set<string>();
    for (const e of entries) if (e.re.test(path)) e.methods.forEach((m) => methods.add(m));
    if (!methods.size) return null;
    // HEAD comes with every GET (Hono answers it from the GET handler).
    if (methods.has("GET")) methods.add("HEAD");
    return [...methods].sort();
  };
}
