/**
 * Ticket and comment files: access checks and ticket history around the Documents storage,
 * shared by the API and the ticket page. Uploads and downloads stream, so those steps open
 * their own short transactions (upload.scope); listing and handing files to a reply run in
 * the caller's transaction.
 */
import type { Actor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { isUuid } from "../../../shared/http/ids.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import {
  attachments,
  listOwnersAttachments,
  previewAttachment,
  type Upload,
} from "../../documents/public.ts";
import { getTicket } from "../tickets/tickets.service.ts";
import type { Ticket } from "../tickets/tickets.schemas.ts";
import { commentOwner, ticketOwner } from "./attachments.lib.ts";
import { asTicketFile } from "./attachments.comment.service.ts";
import { ticketComments } from "./attachments.repo.ts";
import type { TicketAttachment } from "./attachments.schemas.ts";

/** Every file of the ticket and of its comments, oldest first (the caller found the ticket). */
export async function ticketFiles(
  actor: Pick<Actor, "sql">,
  ticketId: string,
): Promise<TicketAttachment[]> {
  const [comments, own] = await Promise.all([
    ticketComments(actor.sql, ticketId),
    listOwnersAttachments(actor, { ...ticketOwner(ticketId), entityIds: [ticketId] }),
  ]);
  const internal = new Map(comments.map((c) => [c.id, c.visibility === "internal"]));
  const theirs = await listOwnersAttachments(actor, {
    ...commentOwner(""),
    entityIds: comments.map((c) => c.id),
  });
  return [
    ...own.map((f) => asTicketFile(f, null, false)),
    ...theirs.map((f) => asTicketFile(f, f.ownerId, internal.get(f.ownerId) ?? false)),
  ].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/** The ticket (404 when not the tenant's), in a short transaction: these routes stream. */
export async function ticketForFiles(
  actor: Actor,
  { upload, ticketId, write }: { upload: Upload; ticketId: string; write: boolean },
): Promise<Ticket> {
  if (!isUuid(ticketId)) throw problems.validation([{ path: "param.id", message: "Invalid UUID" }]);
  const ticket = await upload.scope((tx) => getTicket({ ...actor, sql: tx }, ticketId));
  if (write && ticket.status === "kapandi") {
    throw problems.unprocessable("A closed ticket cannot be changed; reopen it first.");
  }
  return ticket;
}

/** Which record (the ticket or one of its comments) owns the file; 404 for any other file. */
async function ownerOf({ upload, ticketId, fileId }: FileRef) {
  return await upload.scope(async (tx) => {
    const file = (await ticketFiles({ sql: tx }, ticketId)).find((f) => f.id === fileId);
    if (!file) throw problems.notFound("No such attachment.");
    return {
      file,
      owner: file.commentId ? commentOwner(file.commentId) : ticketOwner(ticketId),
    };
  });
}

type FileRef = { upload: Upload; ticketId: string; fileId: string };

/** Stores the request's files on the ticket and puts them in its history (API and page). */
export async function attachToTicket(
  actor: Actor,
  { upload, ticket }: { upload: Upload; ticket: Ticket },
): Promise<TicketAttachment[]> {
  const stored = await attachments.storeFromRequest(actor, {
    owner: ticketOwner(ticket.id),
    upload,
  });
  await upload.scope((tx) =>
    recordActivity({ sql: tx }, {
      module: "support",
      entityType: "ticket",
      entityId: ticket.id,
      action: "attached",
      summary: `Attached ${stored.map((f) => f.name).join(", ")} to ${ticket.number}`,
      after: { files: stored.map((f) => f.name) },
    })
  );
  return stored.map((f) => ({ ...f, commentId: null, internal: false }));
}

/** A file of the ticket or its comments as a download, or inline (`preview`). */
export async function openTicketFile(
  actor: Actor,
  ref: FileRef & { preview?: boolean },
): Promise<Response> {
  await ticketForFiles(actor, { upload: ref.upload, ticketId: ref.ticketId, write: false });
  const { owner } = await ownerOf(ref);
  const call = { owner, upload: ref.upload, id: ref.fileId };
  return ref.preview
    ? await previewAttachment(actor, call)
    : await attachments.download(actor, call);
}

/** Removes a file of the ticket or of one of its comments, noted in the ticket's history. */
export async function detachFromTicket(actor: Actor, ref: FileRef) {
  const ticket = await ticketForFiles(actor, {
    upload: ref.upload,
    ticketId: ref.ticketId,
    write: true,
  });
  const { file, owner } = await ownerOf(ref);
  await attachments.remove(actor, { owner, upload: ref.upload, id: ref.fileId });
  await ref.upload.scope((tx) =>
    recordActivity({ sql: tx }, {
      module: "support",
      entityType: "ticket",
      entityId: ticket.id,
      action: "detached",
      summary: `Removed ${file.name} from ${ticket.number}`,
      before: { file: file.name },
    })
  );
}
