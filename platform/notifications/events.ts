import type { EventCatalog } from "../../shared/modules.ts";

/** Notifications publish no domain events; they react to everyone's (rules.service.ts). */
export const notificationsEvents = {} satisfies EventCatalog;
