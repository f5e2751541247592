import type { EventCatalog } from "../../shared/modules.ts";

/** Identity publishes no domain events (yet). */
export const identityEvents = {} satisfies EventCatalog;
