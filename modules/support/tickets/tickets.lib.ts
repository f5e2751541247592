import type { TicketRow } from "./tickets.repo.ts";
import type { Ticket } from "./tickets.schemas.ts";

/** The public shape: internal sort keys and warning times stay inside. */
/**
 * The API's ticket from a row. Built as one literal (one object shape for every ticket): a
 * rest-spread that drops the sort keys was the list's costliest step on the hot path.
 */
export function toTicket(r: TicketRow): Ticket {
  return {
    id: r.id,
    number: r.number,
    subject: r.subject,
    description: r.description,
    status: r.status,
    priority: r.priority,
    assigneeId: r.assigneeId,
    customerId: r.customerId,
    contactId: r.contactId,
    companyId: r.companyId,
    tags: r.tags,
    slaPolicyId: r.slaPolicyId,
    firstResponseDue: r.firstResponseDue,
    resolutionDue: r.resolutionDue,
    firstRespondedAt: r.firstRespondedAt,
    resolvedAt: r.resolvedAt,
    closedAt: r.closedAt,
    createdBy: r.createdBy,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    slaState: r.slaState,
    teamId: r.teamId,
    pendingReason: r.pendingReason,
    pausedAt: r.pausedAt,
    mergedIntoId: r.mergedIntoId,
  };
}
