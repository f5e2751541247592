import type { EventCatalog } from "../../shared/modules.ts";

/** The bus carries the other units' events; it publishes none of its own. */
export const busEvents = {} satisfies EventCatalog;
