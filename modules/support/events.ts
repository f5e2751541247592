/**
 * The domain events Support publishes. Notification rules read fields of these payloads, so the
 * entity objects stay loose: every field sent reaches the rules, the schema names the ones they
 * can rely on.
 */
import { z } from "@hono/zod-openapi";
import type { EventCatalog } from "../../shared/modules.ts";
import { PrioritySchema, StatusSchema } from "./common/common.schemas.ts";

/** The ticket as the public API shows it, plus labels in the customer's language. */
const EventTicket = z.looseObject({
  id: z.string(),
  number: z.string(),
  subject: z.string(),
  status: StatusSchema,
  priority: PrioritySchema,
  assigneeId: z.string().nullable(),
  customerId: z.string(),
  statusLabel: z.string(),
  priorityLabel: z.string(),
  assignee: z.string().nullable(),
  link: z.string(),
});

const EventCustomer = z.looseObject({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  locale: z.string(),
}).nullable();

const TicketEvent = z.looseObject({ ticket: EventTicket, customer: EventCustomer });
/** A change: the names of the fields it changed. */
const TicketChange = TicketEvent.extend({ changes: z.array(z.string()) });

/** An SLA alert: the ticket row the SLA job checked and which clock fired. */
const SlaEvent = z.looseObject({
  ticket: z.looseObject({
    id: z.string(),
    number: z.string(),
    subject: z.string(),
    priority: z.string(),
    assigneeId: z.string().nullable(),
  }),
  clock: z.enum(["firstResponse", "resolution"]),
});

export const supportEvents = {
  "support.ticket.created": TicketEvent,
  "support.ticket.updated": TicketChange,
  "support.ticket.commented": TicketEvent.extend({ comment: z.object({ body: z.string() }) }),
  "support.ticket.closed": TicketChange,
  "support.ticket.reopened": TicketChange,
  /** `ticket` (now closed) was merged into `into`, which took its comments and files. */
  "support.ticket.merged": TicketEvent.extend({
    into: z.looseObject({ id: z.string(), number: z.string(), subject: z.string() }),
  }),
  "support.sla.warning": SlaEvent,
  "support.sla.breach": SlaEvent,
  "support.sla.escalation": SlaEvent,
  "support.contract.renewal-due": z.looseObject({
    contract: z.looseObject({ id: z.string(), name: z.string(), endsOn: z.string() }),
    customer: z.looseObject({ name: z.string(), email: z.string().nullable() }),
  }),
} satisfies EventCatalog;

export type SupportEvent = keyof typeof supportEvents;
