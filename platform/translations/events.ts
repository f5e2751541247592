import type { EventCatalog } from "../../shared/modules.ts";

/** Translations publish no domain events. */
export const translationsEvents = {} satisfies EventCatalog;
