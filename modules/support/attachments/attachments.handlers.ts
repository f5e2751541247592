import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import type { C } from "../../../shared/http/pages.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { uploadOf } from "./attachments.lib.ts";
import {
  attachToTicket,
  detachFromTicket,
  openTicketFile,
  ticketFiles,
  ticketForFiles,
} from "./attachments.service.ts";
import {
  deleteTicketAttachmentRoute,
  downloadTicketAttachmentRoute,
  listTicketAttachmentsRoute,
  previewTicketAttachmentRoute,
  uploadTicketAttachmentsRoute,
} from "./attachments.routes.ts";

type H<R extends Parameters<OpenAPIHono<AppEnv>["openapi"]>[0]> = RouteHandler<R, AppEnv>;

const list: H<typeof listTicketAttachmentsRoute> = async (c) => {
  const id = c.req.valid("param").id;
  await ticketForFiles(actorOf(c), { upload: uploadOf(c), ticketId: id, write: false });
  return c.json({ items: await c.var.scope((tx) => ticketFiles({ sql: tx }, id)) }, 200);
};

/** Mounted as a plain route: the body is a stream the Documents service reads itself. */
async function upload(c: C) {
  const ticket = await ticketForFiles(actorOf(c), {
    upload: uploadOf(c),
    ticketId: c.req.param("id") ?? "",
    write: true,
  });
  return c.json({ items: await attachToTicket(actorOf(c), { upload: uploadOf(c), ticket }) }, 201);
}

const open = (preview: boolean): H<typeof downloadTicketAttachmentRoute> => async (c) => {
  const { id, fileId } = c.req.valid("param");
  const ref = { upload: uploadOf(c), ticketId: id, fileId, preview };
  return await openTicketFile(actorOf(c), ref) as never;
};

const remove: H<typeof deleteTicketAttachmentRoute> = async (c) => {
  const { id, fileId } = c.req.valid("param");
  await detachFromTicket(actorOf(c), { upload: uploadOf(c), ticketId: id, fileId });
  return c.body(null, 204);
};

/** The ticket attachment routes of /api/support. */
export function mountTicketAttachments(app: OpenAPIHono<AppEnv>) {
  app.openapi(listTicketAttachmentsRoute, list);
  app.openapi(downloadTicketAttachmentRoute, open(false));
  app.openapi(previewTicketAttachmentRoute, open(true) as never);
  app.openapi(deleteTicketAttachmentRoute, remove);
  // The upload body is a stream read by the Documents service, so zod must not parse it: the
  // route is documented from its createRoute object and served by a plain handler.
  app.openAPIRegistry.registerPath(uploadTicketAttachmentsRoute);
  app.post(
    "/support-ticket/:id/attachments",
    ...uploadTicketAttachmentsRoute.middleware,
    upload,
  );
}
