/**
 * A reply's files: uploaded to the ticket first, then handed to the comment in the comment's
 * transaction. Kept apart from attachments.service (which reads tickets) so the ticket
 * service can call it without an import cycle.
 */
import type { Actor } from "../../../shared/http/actor.ts";
import { moveAttachments, type OwnedAttachment } from "../../documents/public.ts";
import { commentOwner, ticketOwner } from "./attachments.lib.ts";
import type { TicketAttachment } from "./attachments.schemas.ts";

export const asTicketFile = (
  f: OwnedAttachment,
  commentId: string | null,
  internal: boolean,
): TicketAttachment => {
  const { ownerId: _, ...rest } = f;
  return { ...rest, commentId, internal };
};

/**
 * A new comment takes the files uploaded to its ticket beforehand (by id), in the comment's
 * transaction; an id that is not a file of the ticket itself is a 404 and nothing moves.
 */
export async function giveFilesToComment(
  actor: Pick<Actor, "sql">,
  { ticketId, commentId, ids, internal }: {
    ticketId: string;
    commentId: string;
    ids: string[];
    internal: boolean;
  },
): Promise<TicketAttachment[]> {
  if (!ids.length) return [];
  const moved = await moveAttachments(actor, {
    ids,
    from: ticketOwner(ticketId),
    to: commentOwner(commentId),
  });
  return moved.map((f) => asTicketFile(f, commentId, internal));
}
