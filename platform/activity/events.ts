import type { EventCatalog } from "../../shared/modules.ts";

/** The activity log records changes; it publishes no domain events. */
export const activityEvents = {} satisfies EventCatalog;
