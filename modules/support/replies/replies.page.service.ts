/** What the ticket page shows of files and e-mail replies (the reply box's defaults). */
import type { Actor } from "../../../shared/http/actor.ts";
import { customersRepo } from "../customers/customers.repo.ts";
import { ticketFiles } from "../attachments/attachments.service.ts";
import type { TicketAttachment } from "../attachments/attachments.schemas.ts";

export async function replyContext(
  actor: Pick<Actor, "sql">,
  ticket: { id: string; customerId: string },
): Promise<{ files: TicketAttachment[]; customerEmail: string | null }> {
  const [files, customer] = await Promise.all([
    ticketFiles(actor, ticket.id),
    customersRepo.get(actor.sql, ticket.customerId),
  ]);
  return { files, customerEmail: customer?.email ?? null };
}
