import { type OpenAPIHono, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
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

/** The template of a path as a regular expression over concrete paths. */
function pathPattern(template: string): RegExp {
  const pattern = template.split(/\{[^}]+\}/).map((part) =>
    part.replace(/[.*+?^$()|[\]\\]/g, "\\$&")
  )
    .join("[^/]+");
  return new RegExp(`^${pattern}$`);
}

/**
 * Lists deliberately answered whole (a sheet's statuses, a file's versions, the roles…): every
 * list answers `{ items, nextCursor }`, so these say in the document that they are not paged and
 * carry `nextCursor: null` (added to the answer by `unpagedListBodies`).
 */
const unpaged: RegExp[] = [];
const UNPAGED_NOTE = "Not paged: the whole list in one answer; `nextCursor` is always null.";

function completeUnpagedLists(app: OpenAPIHono<AppEnv>) {
  for (const def of app.openAPIRegistry.definitions) {
    if (def.type !== "route" || def.route.method !== "get") continue;
    const ok = def.route.responses?.[200] as
      | { content?: Record<string, { schema?: unknown }> }
      | undefined;
    const media = ok?.content?.["application/json"];
    const schema = media?.schema;
    if (!(schema instanceof z.ZodObject)) continue;
    const shape = schema.shape as Record<string, unknown>;
    if (!("items" in shape) || "nextCursor" in shape) continue;
    media!.schema = schema.extend({ nextCursor: z.null().describe(UNPAGED_NOTE) });
    def.route.description = [def.route.description, UNPAGED_NOTE].filter(Boolean).join(" ");
    unpaged.push(pathPattern(def.route.path));
  }
}

/** Adds `nextCursor: null` to the JSON answers of the lists that are not paged. */
export const unpagedListBodies: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.req.method !== "GET" || c.res.status !== 200) return;
  if (!unpaged.some((re) => re.test(c.req.path))) return;
  if (!(c.res.headers.get("content-type") ?? "").startsWith("application/json")) return;
  const body = await c.res.clone().json().catch(() => null);
  if (!body || typeof body !== "object" || Array.isArray(body) || "nextCursor" in body) return;
  const headers = new Headers(c.res.headers);
  headers.delete("content-length");
  c.res = new Response(JSON.stringify({ ...body, nextCursor: null }), { status: 200, headers });
};

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
  completeUnpagedLists(app);
  // Runtime-only route options must not leak into the document (they are already mounted).
  for (const def of app.openAPIRegistry.definitions) {
    if (def.type === "route") delete (def.route as { middleware?: unknown }).middleware;
  }
  app.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: {
      title: "Business Platform API",
      version: "1.0.0",
      // No licence has been chosen for the product yet; the document says so rather than guess.
      // (`identifier` is OpenAPI 3.1; the library's type still describes 3.0's licence object.)
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" } as { name: string },
      description: "Support, Workflow, Documents, Analytics, Projects and Automation. " +
        "Errors are RFC 9457 application/problem+json.",
    },
    // Same origin as the document: one instance or many behind one address.
    servers: [{ url: "/", description: "This installation" }],
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
      entry = { re: pathPattern(template), methods: new Set() };
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
