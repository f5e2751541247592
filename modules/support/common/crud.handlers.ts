import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { fieldsOf } from "../../../shared/http/fields.ts";
import type { CrudRoutes } from "./crud.routes.ts";
import type { CrudOps } from "./crud.service.ts";

// The routes are generic over their schemas, so the handlers see validated input loosely typed;
// the response schemas still describe (and the tests check) what goes out.
// deno-lint-ignore no-explicit-any
type Any = any;
const valid = (c: Context<AppEnv>, target: string) => (c.req as Any).valid(target);

/** Registers the five handlers of a plain resource on the module's API router. */
export function mountCrud(
  app: OpenAPIHono<AppEnv>,
  routes: CrudRoutes,
  ops: CrudOps<unknown, Any, Any>,
) {
  const on = app.openapi.bind(app) as Any;
  on(
    routes.list,
    async (c: Context<AppEnv>) =>
      c.json(await ops.list(actorOf(c), valid(c, "query"), fieldsOf(c)), 200),
  );
  on(
    routes.get,
    async (c: Context<AppEnv>) =>
      c.json(await ops.get(actorOf(c), valid(c, "param").id, fieldsOf(c)), 200),
  );
  on(
    routes.create,
    async (c: Context<AppEnv>) => c.json(await ops.create(actorOf(c), valid(c, "json")), 201),
  );
  on(
    routes.update,
    async (c: Context<AppEnv>) =>
      c.json(
        await ops.update(actorOf(c), { id: valid(c, "param").id, patch: valid(c, "json") }),
        200,
      ),
  );
  on(
    routes.remove,
    async (c: Context<AppEnv>) => c.json(await ops.remove(actorOf(c), valid(c, "param").id), 200),
  );
}
