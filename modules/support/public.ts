/**
 * What other modules may use of Support: its domain events (to react to them) and the shape of a
 * ticket as those events and the API carry it.
 */
export { type SupportEvent, supportEvents } from "./events.ts";
export type { Ticket } from "./tickets/tickets.schemas.ts";
