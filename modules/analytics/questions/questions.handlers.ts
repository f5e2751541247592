import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { useSourcesConfig } from "../sources/sources.config.lib.ts";
import * as r from "./questions.routes.ts";
import {
  createQuestion,
  getQuestion,
  getQuestions,
  patchQuestion,
  previewQuestion,
  removeQuestion,
  runQuestion,
} from "./questions.service.ts";

/** The actor, with the operator's allowlist for external sources taken from the config. */
function act(c: Context<AppEnv>) {
  useSourcesConfig(c.var.platform.config);
  return actorOf(c);
}

/** /api/analytics/questions… */
export function mountQuestions(app: OpenAPIHono<AppEnv>) {
  app.openapi(r.listQuestionsRoute, async (c) => c.json(await getQuestions(act(c)), 200));
  app.openapi(
    r.createQuestionRoute,
    async (c) => c.json(await createQuestion(act(c), c.req.valid("json")), 201),
  );
  app.openapi(
    r.previewQuestionRoute,
    async (c) => c.json(await previewQuestion(act(c), c.req.valid("json")), 200),
  );
  app.openapi(
    r.getQuestionRoute,
    async (c) => c.json(await getQuestion(act(c), c.req.valid("param").id), 200),
  );
  app.openapi(r.patchQuestionRoute, async (c) =>
    c.json(
      await patchQuestion(act(c), { id: c.req.valid("param").id, patch: c.req.valid("json") }),
      200,
    ));
  app.openapi(r.deleteQuestionRoute, async (c) => {
    await removeQuestion(act(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
  app.openapi(r.runQuestionRoute, async (c) =>
    c.json(
      await runQuestion(act(c), { id: c.req.valid("param").id, input: c.req.valid("json") }),
      200,
    ));
}
