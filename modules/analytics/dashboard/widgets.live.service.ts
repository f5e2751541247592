/**
 * Push refresh, the reaction: a domain event that changes built-in datasets becomes one bus
 * message for the tenant (widgets.live.lib.ts names the datasets).
 */
import type { SystemActor } from "../../../shared/http/actor.ts";
import type { DomainEvent } from "../../../shared/modules.ts";
import { currentTenantId } from "./widgets.repo.ts";
import { datasetsChangedBy, LIVE_CHANNEL, type LiveMessage } from "./widgets.live.lib.ts";

export async function publishDatasetChanges(
  actor: SystemActor,
  event: Pick<DomainEvent, "name">,
): Promise<void> {
  const datasets = datasetsChangedBy(event.name);
  if (!datasets.length) return;
  const message: LiveMessage = { tenantId: await currentTenantId(actor.sql), datasets };
  await actor.bus.publish(actor.sql, LIVE_CHANNEL, message as unknown as Record<string, unknown>);
}
