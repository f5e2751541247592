import { OpenAPIHono } from "@hono/zod-openapi";
import { Hono } from "hono";
import type { AppEnv } from "./env.ts";
import "./context-vars.ts"; // c.var without a copy per read
import { problems } from "./problem.ts";

/** Every API sub-app starts here, so invalid input always becomes a 400 problem. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) {
        const where = result.target === "json" ? "body" : result.target;
        throw problems.validation(
          result.error.issues.map((issue) => ({
            path: [where, ...issue.path.map(String)].join("."),
            message: issue.message,
          })),
        );
      }
    },
  });
}

/** A feature's API routes, added to its module's router (listed in the module's mod.ts). */
export type ApiMount = (api: OpenAPIHono<AppEnv>) => void;
/** A feature's page routes, added to its module's page router. */
export type PageMount = (app: Hono<AppEnv>) => void;

/** The module's API router: each feature mounts its routes, in the order given. */
export function apiRouter(mounts: ApiMount[]): OpenAPIHono<AppEnv> {
  const api = createRouter();
  for (const mount of mounts) mount(api);
  return api;
}

/** The module's page router: each feature mounts its pages, in the order given. */
export function pageRouter(mounts: PageMount[]): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const mount of mounts) mount(app);
  return app;
}
