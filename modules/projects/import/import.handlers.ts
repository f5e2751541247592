import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { importTasks } from "./import.service.ts";
import { importTasksRoute } from "./import.routes.ts";
import { IMPORT_MAX_BYTES } from "./import.lib.ts";
import type { ImportBody } from "./import.schemas.ts";

/** The request's body as one shape: JSON as it is, or an uploaded file with its fields. */
async function importBody(c: Context<AppEnv>): Promise<ImportBody> {
  const type = c.req.header("content-type") ?? "";
  const json = (c.req as unknown as { valid(t: "json"): ImportBody }).valid("json");
  if (!type.startsWith("multipart/form-data")) {
    if (json && "csv" in json) return json;
    throw problems.validation([{ path: "csv", message: "Required" }]);
  }
  const form = (c.req as unknown as {
    valid(t: "form"): {
      mode?: ImportBody["mode"];
      file?: File;
      mapping?: ImportBody["mapping"];
      statusMap?: ImportBody["statusMap"];
      skipErrors?: "true" | "false";
    };
  }).valid("form");
  if (!form?.file || !form.mode) {
    throw problems.validation([
      ...(form?.file ? [] : [{ path: "file", message: "Required" }]),
      ...(form?.mode ? [] : [{ path: "mode", message: "Required" }]),
    ]);
  }
  if (form.file.size > IMPORT_MAX_BYTES) throw problems.tooLarge("The file is larger than 5 MB.");
  return {
    mode: form.mode,
    csv: await form.file.text(),
    mapping: form.mapping,
    statusMap: form.statusMap,
    skipErrors: form.skipErrors === "true",
  };
}

// A streaming path (mod.ts): the body is read first, then the import runs in one transaction.
export const importTasksHandler: RouteHandler<typeof importTasksRoute, AppEnv> = async (c) => {
  const input = { projectId: c.req.valid("param").id, body: await importBody(c) };
  return c.json(await c.var.scope((tx) => importTasks(actorOf(c, tx), input)), 200);
};

/** POST /api/projects/projects/{id}/import. */
export function mountImport(app: OpenAPIHono<AppEnv>) {
  app.openapi(importTasksRoute, importTasksHandler);
}
