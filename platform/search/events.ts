import type { EventCatalog } from "../../shared/modules.ts";

/** The global search publishes no domain events. */
export const searchEvents = {} satisfies EventCatalog;
