import type { EventCatalog } from "../../shared/modules.ts";

/** Backups publish no domain events. */
export const backupEvents = {} satisfies EventCatalog;
