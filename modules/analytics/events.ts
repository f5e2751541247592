/**
 * The domain events Analytics publishes: none yet. It listens to other modules' events (live
 * refresh of dashboards) but announces nothing of its own.
 */
import type { EventCatalog } from "../../shared/modules.ts";

export const analyticsEvents = {} satisfies EventCatalog;
