import { OpenAPIHono } from "@hono/zod-openapi";
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
