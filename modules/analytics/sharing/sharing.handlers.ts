import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { appOrigin } from "../../../platform/identity/public.ts";
import {
  createPublicLinkRoute,
  getEmbedSettingsRoute,
  getSheetSharingRoute,
  putEmbedSettingsRoute,
  putSheetEmbedRoute,
  revokePublicLinkRoute,
  rotateEmbedSecretRoute,
} from "./sharing.routes.ts";
import {
  createPublicLink,
  embedSettings,
  putEmbedOrigins,
  revokePublicLink,
  rotateEmbedSecret,
  setSheetEmbed,
  sheetSharing,
} from "./sharing.service.ts";

/** The site's address as the caller reached it (or PUBLIC_URL): a link's URL starts there. */
const originOf = (c: Context<AppEnv>) =>
  appOrigin(c.req.url, (n) => c.req.header(n), c.var.platform.config);

const sharing: RouteHandler<typeof getSheetSharingRoute, AppEnv> = async (c) =>
  c.json(await sheetSharing(actorOf(c), c.req.valid("param").sheetId), 200);
const createLink: RouteHandler<typeof createPublicLinkRoute, AppEnv> = async (c) =>
  c.json(
    await createPublicLink(actorOf(c), {
      sheetId: c.req.valid("param").sheetId,
      input: c.req.valid("json"),
      origin: originOf(c),
    }),
    201,
  );
const revokeLink: RouteHandler<typeof revokePublicLinkRoute, AppEnv> = async (c) => {
  await revokePublicLink(actorOf(c), c.req.valid("param").id);
  return c.body(null, 204);
};
const putEmbed: RouteHandler<typeof putSheetEmbedRoute, AppEnv> = async (c) =>
  c.json(
    await setSheetEmbed(actorOf(c), {
      sheetId: c.req.valid("param").sheetId,
      enabled: c.req.valid("json").enabled,
    }),
    200,
  );
const settings: RouteHandler<typeof getEmbedSettingsRoute, AppEnv> = async (c) =>
  c.json(await embedSettings(actorOf(c)), 200);
const rotate: RouteHandler<typeof rotateEmbedSecretRoute, AppEnv> = async (c) =>
  c.json(await rotateEmbedSecret(actorOf(c)), 201);
const putSettings: RouteHandler<typeof putEmbedSettingsRoute, AppEnv> = async (c) =>
  c.json(await putEmbedOrigins(actorOf(c), c.req.valid("json")), 200);

/** Public links and embedding routes of /api/analytics. */
export function mountSharing(app: OpenAPIHono<AppEnv>) {
  app.openapi(getSheetSharingRoute, sharing);
  app.openapi(createPublicLinkRoute, createLink);
  app.openapi(revokePublicLinkRoute, revokeLink);
  app.openapi(putSheetEmbedRoute, putEmbed);
  app.openapi(getEmbedSettingsRoute, settings);
  app.openapi(rotateEmbedSecretRoute, rotate);
  app.openapi(putEmbedSettingsRoute, putSettings);
}
