/**
 * Push refresh: a module's domain event → the built-in datasets it changes → one bus message
 * for the tenant; open dashboards (GET /sheets/{id}/events) of that tenant forward it to the
 * browser, which reloads the widgets over those datasets (keeping the active filters).
 */
import type { DomainEvent } from "../../../shared/modules.ts";
import { datasetCatalog } from "../query/query.api.ts";

export const LIVE_CHANNEL = "analytics_live";

export interface LiveMessage {
  tenantId: string;
  datasets: string[];
}

/** The datasets whose data a domain event changes (names only). */
export function datasetsChangedBy(eventName: string): string[] {
  return datasetCatalog().filter((d) => d.changedBy.includes(eventName)).map((d) => d.name);
}

export async function publishDatasetChanges(event: DomainEvent): Promise<void> {
  const datasets = datasetsChangedBy(event.name);
  if (!datasets.length) return;
  const [row] = await event.sql<{ id: string }[]>`
    select current_setting('app.tenant_id') as id`;
  const message: LiveMessage = { tenantId: row.id, datasets };
  await event.bus.publish(event.sql, LIVE_CHANNEL, message as unknown as Record<string, unknown>);
}
