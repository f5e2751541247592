import type { OpenAPIHono, RouteConfig, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import * as r from "./data.routes.ts";
import { createModel, deleteModel, listModels, updateModel } from "./data.models.service.ts";
import * as records from "./data.records.service.ts";

type H<R extends RouteConfig> = RouteHandler<R, AppEnv>;

const model = (c: Parameters<typeof actorOf>[0], key: string) =>
  records.modelOrNotFound(actorOf(c), { key });

const listM: H<typeof r.listDataModelsRoute> = async (c) =>
  c.json(await listModels(actorOf(c)), 200);
const createM: H<typeof r.createDataModelRoute> = async (c) =>
  c.json(await createModel(actorOf(c), c.req.valid("json")), 201);
const getM: H<typeof r.getDataModelRoute> = async (c) =>
  c.json(await model(c, c.req.valid("param").key), 200);
const updateM: H<typeof r.updateDataModelRoute> = async (c) =>
  c.json(
    await updateModel(actorOf(c), { key: c.req.valid("param").key, input: c.req.valid("json") }),
    200,
  );
const deleteM: H<typeof r.deleteDataModelRoute> = async (c) => {
  await deleteModel(actorOf(c), c.req.valid("param").key);
  return c.body(null, 204);
};

const listR: H<typeof r.listRecordsRoute> = async (c) =>
  c.json(
    await records.listRecords(actorOf(c), {
      model: await model(c, c.req.valid("param").key),
      query: c.req.valid("query"),
    }),
    200,
  );
const createR: H<typeof r.createRecordRoute> = async (c) =>
  c.json(
    await records.createRecord(actorOf(c), {
      model: await model(c, c.req.valid("param").key),
      data: c.req.valid("json").data,
    }),
    201,
  );
const getR: H<typeof r.getRecordRoute> = async (c) => {
  const { key, id } = c.req.valid("param");
  return c.json(await records.readRecord(actorOf(c), { model: await model(c, key), id }), 200);
};
const updateR: H<typeof r.updateRecordRoute> = async (c) => {
  const { key, id } = c.req.valid("param");
  const { data, version } = c.req.valid("json");
  const m = await model(c, key);
  return c.json(
    await records.updateRecord(actorOf(c), { model: m, id, data, version }),
    200,
  );
};
const deleteR: H<typeof r.deleteRecordRoute> = async (c) => {
  const { key, id } = c.req.valid("param");
  await records.deleteRecord(actorOf(c), { model: await model(c, key), id });
  return c.body(null, 204);
};
const historyR: H<typeof r.recordHistoryRoute> = async (c) => {
  const { key, id } = c.req.valid("param");
  return c.json(await records.recordHistory(actorOf(c), { model: await model(c, key), id }), 200);
};

/** /api/workflow/data-models… */
export function mountData(app: OpenAPIHono<AppEnv>) {
  app.openapi(r.listDataModelsRoute, listM);
  app.openapi(r.createDataModelRoute, createM);
  app.openapi(r.getDataModelRoute, getM);
  app.openapi(r.updateDataModelRoute, updateM);
  app.openapi(r.deleteDataModelRoute, deleteM);
  app.openapi(r.listRecordsRoute, listR);
  app.openapi(r.createRecordRoute, createR);
  app.openapi(r.getRecordRoute, getR);
  app.openapi(r.updateRecordRoute, updateR);
  app.openapi(r.deleteRecordRoute, deleteR);
  app.openapi(r.recordHistoryRoute, historyR);
}
