/**
 * What other modules may use of Support: its domain events (to react to them) and the shape of a
 * ticket as those events and the API carry it.
 */
export { type SupportEvent, supportEvents } from "./events.ts";
export type { Ticket } from "./tickets/tickets.schemas.ts";
// Automation's platform operations (agents act through these services with their own grants).
export { closeTicket, createTicket, listTickets, ticketDetail } from "./tickets/tickets.service.ts";
export { TicketInput, TicketQuery } from "./tickets/tickets.schemas.ts";
export { customersService } from "./customers/customers.service.ts";
export { CustomerInput } from "./customers/customers.schemas.ts";
