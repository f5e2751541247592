import { type OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "./env.ts";
import { fieldsetOf, fieldsParam } from "./fields.ts";

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
 * carry `nextCursor: null` (added to the answer by the router, shared/http/router.ts).
 */
const UNPAGED_NOTE = "Not paged: the whole list in one answer; `nextCursor` is always null.";

/** The JSON schema of a route's 200 answer, when it is a zod object. */
function okObject(route: { method: string; responses?: unknown }) {
  if (route.method !== "get") return null;
  const ok = (route.responses as Record<number, unknown> | undefined)?.[200] as
    | { content?: Record<string, { schema?: unknown }> }
    | undefined;
  const media = ok?.content?.["application/json"];
  const schema = media?.schema;
  return schema instanceof z.ZodObject ? { media: media!, schema } : null;
}

/** A GET whose answer is a list (`items`) with no `nextCursor`: a list that is not paged. */
export function isUnpagedList(route: { method: string; responses?: unknown }): boolean {
  const shape = okObject(route)?.schema.shape as Record<string, unknown> | undefined;
  return !!shape && "items" in shape && !("nextCursor" in shape);
}

function completeUnpagedLists(app: OpenAPIHono<AppEnv>) {
  for (const def of app.openAPIRegistry.definitions) {
    if (def.type !== "route" || !isUnpagedList(def.route)) continue;
    const { media, schema } = okObject(def.route)!;
    media.schema = schema.extend({ nextCursor: z.null().describe(UNPAGED_NOTE) });
    def.route.description = [def.route.description, UNPAGED_NOTE].filter(Boolean).join(" ");
  }
}

/** Declares `fields` on every route that takes it (the router checks and applies it). */
function declareFields(app: OpenAPIHono<AppEnv>) {
  for (const def of app.openAPIRegistry.definitions) {
    if (def.type !== "route") continue;
    const set = fieldsetOf(def.route);
    if (!set) continue;
    const query = def.route.request?.query;
    if (query && !(query instanceof z.ZodObject)) continue;
    if (query && "fields" in query.shape) continue;
    // A copy: the route object is the feature's own, which another app may mount again.
    const request = {
      ...def.route.request,
      query: (query ?? z.object({})).extend({ fields: fieldsParam(set) }),
    };
    (def as { route: typeof def.route }).route = { ...def.route, request };
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
  app.openAPIRegistry.registerComponent("securitySchemes", "apiToken", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "plt_<43 base64url characters>",
    description: "A personal access token or a service account's token (created in the " +
      "profile, POST /api/auth/tokens, or by an admin, POST /api/admin/service-accounts/{id}/" +
      "tokens), sent as `Authorization: Bearer plt_…` on any /api route. It acts with the " +
      "holder's permissions narrowed to its scopes: a route needing a permission outside them " +
      "answers 403 naming the scope. Expired or revoked tokens answer 401 from their next request.",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "cookieAuth", {
    type: "apiKey",
    in: "cookie",
    name: "session",
    description: "The browser session cookie set by sign-in.",
  });
  nameOperations(app);
  completeUnpagedLists(app);
  declareFields(app);
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
    security: [{ bearerAuth: [] }, { apiToken: [] }, { cookieAuth: [] }],
  });
}

/** A declared path template, its methods, and how specific it is. */
export interface Template {
  re: RegExp;
  methods: Set<string>;
  /** Per segment: 0 for a fixed one, 1 for one with a parameter (routers prefer fixed ones). */
  rank: number[];
}

/** Negative when a is more specific than b: the first segment where they differ is fixed in a. */
function bySpecificity(a: Template, b: Template) {
  for (let i = 0; i < a.rank.length; i++) if (a.rank[i] !== b.rank[i]) return a.rank[i] - b.rank[i];
  return 0;
}

/**
 * The declared templates matching a concrete path, most specific first: `/files/upload` before
 * `/files/{id}`, `/apps/{id}/sheets/order` before `/apps/{id}/sheets/{sheetId}`. Read from the
 * OpenAPI registry, so it is exactly what /openapi.json promises.
 */
export function templateIndex(app: OpenAPIHono<AppEnv>): (path: string) => Template[] {
  let index = indexes.get(app);
  if (!index) indexes.set(app, index = buildTemplateIndex(app));
  return index;
}

// One index per app, shared by the 405 middleware and the not-found handler; built once every
// route is mounted (at the end of createApp, or at the first request).
const indexes = new WeakMap<OpenAPIHono<AppEnv>, (path: string) => Template[]>();

function buildTemplateIndex(app: OpenAPIHono<AppEnv>): (path: string) => Template[] {
  const byPath = new Map<string, Template>();
  for (const def of app.openAPIRegistry.definitions) {
    if (def.type !== "route") continue;
    const template = def.route.path;
    let entry = byPath.get(template);
    if (!entry) {
      const rank = template.split("/").map((seg) => (seg.includes("{") ? 1 : 0));
      entry = { re: pathPattern(template), methods: new Set(), rank };
      byPath.set(template, entry);
    }
    entry.methods.add(def.route.method.toUpperCase());
  }
  // Every request of the API asks, so look only among templates that can match: as many
  // segments, and the same third one (the module of /api/<module>/…) unless it is a parameter.
  const buckets = new Map<string, Template[]>();
  const bucket = (segments: string[], third = segments[2] ?? "") => `${segments.length} ${third}`;
  for (const [template, entry] of byPath) {
    const segments = template.split("/");
    const key = entry.rank[2] ? bucket(segments, "{}") : bucket(segments);
    buckets.set(key, [...(buckets.get(key) ?? []), entry]);
  }
  return (path) => {
    const segments = path.split("/");
    const candidates = [
      ...(buckets.get(bucket(segments)) ?? []),
      ...(buckets.get(bucket(segments, "{}")) ?? []),
    ];
    return candidates.filter((e) => e.re.test(path)).sort(bySpecificity);
  };
}

/** The `Allow` list of a template: its methods, with HEAD for GET (Hono answers it from GET). */
export const allowOf = (methods: Set<string>) =>
  [...methods, ...(methods.has("GET") ? ["HEAD"] : [])].sort();

/**
 * The methods a declared path answers, for `405 Method Not Allowed` with `Allow` (RFC 9110):
 * a wrong method on an existing path is not a missing resource. The path is judged by the most
 * specific template matching it (see templateIndex). Returns null for a path nothing declares.
 */
export function methodIndex(app: OpenAPIHono<AppEnv>): (path: string) => string[] | null {
  const match = templateIndex(app);
  return (path) => {
    const [best] = match(path);
    return best ? allowOf(best.methods) : null;
  };
}
