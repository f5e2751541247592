import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { Problem } from "../../../shared/http/problem.ts";
import {
  cancelUpload,
  createUpload,
  maxUploadSize,
  patchUpload,
  type TusRequest,
  uploadStatus,
} from "./uploads.service.ts";
import {
  TUS_CHECKSUMS,
  TUS_EXTENSIONS,
  TUS_VERSION,
  tusHeaders,
  uploadView,
} from "./uploads.rules.ts";
import * as R from "./uploads.routes.ts";

type H<T> = T extends import("@hono/zod-openapi").RouteConfig ? RouteHandler<T, AppEnv> : never;

const tus = (c: Context<AppEnv>): TusRequest => ({
  request: c.req.raw,
  scope: c.var.scope,
  config: c.var.platform.config,
});
const id = (c: Context<AppEnv>) => ({ ...tus(c), id: c.req.param("id")! });

export const options: H<typeof R.uploadOptionsRoute> = async (c) =>
  c.body(null, 204, {
    "Tus-Version": TUS_VERSION,
    "Tus-Extension": TUS_EXTENSIONS.join(","),
    "Tus-Checksum-Algorithm": TUS_CHECKSUMS.join(","),
    "Tus-Max-Size": String(await maxUploadSize(actorOf(c), tus(c))),
  }) as never;

export const create: H<typeof R.createUploadRoute> = async (c) => {
  const u = await createUpload(actorOf(c), tus(c));
  return c.body(null, 201, {
    Location: `/api/documents/uploads/${u.id}`,
    ...tusHeaders(u),
  }) as never;
};

export const status: H<typeof R.getUploadRoute> = async (c) => {
  const u = await uploadStatus(actorOf(c), id(c));
  return c.json(uploadView(u), 200, tusHeaders(u));
};

export const patch: H<typeof R.patchUploadRoute> = async (c) =>
  c.body(null, 204, tusHeaders(await patchUpload(actorOf(c), id(c)))) as never;

export const remove: H<typeof R.deleteUploadRoute> = async (c) => {
  await cancelUpload(actorOf(c), id(c));
  return c.body(null, 204) as never;
};

/**
 * tus asks every request but OPTIONS to name the protocol version (412 otherwise) and every
 * answer to carry it, errors included.
 */
const COLLECTION_METHODS = new Set(["POST"]);
const UPLOAD_METHODS = new Set(["GET", "HEAD", "PATCH", "DELETE"]);
const tusVersion: MiddlewareHandler<AppEnv> = async (c, next) => {
  // Methods a path does not declare fall through to the router's 405.
  const declared = c.req.param("id") ? UPLOAD_METHODS : COLLECTION_METHODS;
  if (declared.has(c.req.method) && c.req.header("tus-resumable") !== TUS_VERSION) {
    throw new Problem(
      412,
      "tus-version",
      "Precondition Failed",
      `Send Tus-Resumable: ${TUS_VERSION}.`,
      [],
      { "Tus-Version": TUS_VERSION },
    );
  }
  await next();
  c.res.headers.set("Tus-Resumable", TUS_VERSION);
};

/** Mounts resumable uploads (tus 1.0.0: core, creation, termination, expiration, checksum). */
export const mountUploads = (app: OpenAPIHono<AppEnv>) => {
  app.use("/uploads/:id?", tusVersion);
  app
    .openapi(R.uploadOptionsRoute, options)
    .openapi(R.createUploadRoute, create)
    .openapi(R.getUploadRoute, status)
    .openapi(R.patchUploadRoute, patch)
    .openapi(R.deleteUploadRoute, remove);
};
