/**
 * Standing delegations applied to a new task (tasks.create.ts asks here, so task creation does
 * not depend on the hand-over service and its imports).
 */
import type { SystemActor } from "../../../shared/http/actor.ts";
import { activeStanding } from "./delegations.repo.ts";

/** Substitutes followed at most this far (A away → B, B away → C …), so a loop ends. */
const MAX_HOPS = 5;

/**
 * Who works a new task meant for `userId` now: the substitute of their standing delegation in
 * force (following the substitute's own absence), or null when they are present.
 */
export async function standingSubstitute(
  system: SystemActor,
  input: { userId: string; definitionId: string | null },
): Promise<{ id: string; toUser: string } | null> {
  const { sql } = system;
  const { userId, definitionId } = input;
  let firstId: string | null = null;
  let current = userId;
  const seen = new Set([userId]);
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const next = await activeStanding(sql, current, definitionId);
    if (!next || seen.has(next.toUser)) break;
    firstId ??= next.id;
    seen.add(next.toUser);
    current = next.toUser;
  }
  return firstId ? { id: firstId, toUser: current } : null;
}
