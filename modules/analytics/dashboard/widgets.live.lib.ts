/**
 * Push refresh: a module's domain event → the built-in datasets it changes → one bus message
 * for the tenant; open dashboards (GET /sheets/{id}/events) of that tenant forward it to the
 * browser, which reloads the widgets over those datasets (keeping the active filters).
 */
import { datasetCatalog } from "../query/query.datasets.lib.ts";

export const LIVE_CHANNEL = "analytics_live";

export interface LiveMessage {
  tenantId: string;
  datasets: string[];
}

/** The datasets whose data a domain event changes (names only). */
export function datasetsChangedBy(eventName: string): string[] {
  return datasetCatalog().filter((d) => d.changedBy.includes(eventName)).map((d) => d.name);
}
