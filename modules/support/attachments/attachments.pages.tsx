import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { attempt, type C, pathId, redirectAfterPost } from "../../../shared/http/pages.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { html, tr } from "../../../ui/kit.ts";
import type { Flash } from "../common/ui.view.tsx";
import { uploadOf } from "./attachments.lib.ts";
import {
  attachToTicket,
  detachFromTicket,
  ticketFiles,
  ticketForFiles,
} from "./attachments.service.ts";
import { TicketFiles } from "./attachments.view.tsx";

/** The files card again (the upload script swaps it in), with the outcome. */
async function filesCard(c: C, id: string, flash: Flash, status: number) {
  const files = await c.var.scope((tx) => ticketFiles({ sql: tx }, id));
  return html(
    c,
    <TicketFiles
      ticketId={id}
      files={files.filter((f) => !f.commentId)}
      canWrite
      flash={flash}
    />,
    status as 200,
  );
}

/**
 * The ticket page's file forms. They stream (manifest streamingPaths): no request
 * transaction, short ones through c.var.scope.
 */
export const mountTicketAttachmentPages = (app: Hono<AppEnv>) => {
  const write = requirePermission("support.ticket.write");
  app.post("/tickets/:id/attachments", write, async (c) => {
    const id = pathId(c);
    const ticket = await ticketForFiles(actorOf(c), {
      upload: uploadOf(c),
      ticketId: id,
      write: true,
    });
    const r = await attempt(() => attachToTicket(actorOf(c), { upload: uploadOf(c), ticket }));
    if (!c.req.header("X-Upload") && r.ok) {
      return redirectAfterPost(c, `/support/tickets/${id}#ticket-files`);
    }
    const flash: Flash = r.ok ? { kind: "ok", text: tr(c)("support.files.uploaded") } : r.flash;
    return await filesCard(c, id, flash, r.ok ? 200 : r.status);
  });
  app.post("/tickets/:id/attachments/:fileId/delete", write, async (c) => {
    const id = pathId(c);
    await detachFromTicket(actorOf(c), {
      upload: uploadOf(c),
      ticketId: id,
      fileId: pathId(c, "fileId"),
    });
    return redirectAfterPost(c, `/support/tickets/${id}#ticket-files`);
  });
};
