import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  createBatchRoute,
  getBatchRoute,
  listBatchesRoute,
  retryBatchRoute,
} from "./batches.routes.ts";
import { createBatch, getBatch, listBatches, retryBatch } from "./batches.service.ts";

type H<R extends Parameters<OpenAPIHono<AppEnv>["openapi"]>[0]> = RouteHandler<R, AppEnv>;

const create: H<typeof createBatchRoute> = async (c) =>
  c.json(await createBatch(actorOf(c), c.req.valid("json")), 201);
const list: H<typeof listBatchesRoute> = async (c) =>
  c.json(await listBatches(actorOf(c), c.req.valid("query")), 200);
const get: H<typeof getBatchRoute> = async (c) =>
  c.json(await getBatch(actorOf(c), c.req.valid("param").id), 200);
const retry: H<typeof retryBatchRoute> = async (c) =>
  c.json(await retryBatch(actorOf(c), c.req.valid("param").id), 200);

/** /api/workflow/batches */
export function mountBatches(app: OpenAPIHono<AppEnv>) {
  app.openapi(createBatchRoute, create);
  app.openapi(listBatchesRoute, list);
  app.openapi(getBatchRoute, get);
  app.openapi(retryBatchRoute, retry);
}
