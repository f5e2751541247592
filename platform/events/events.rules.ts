/** How the event log's readers retry (pure, tested directly). */

/** Attempts at one event before it is recorded as failed and skipped. */
export const MAX_ATTEMPTS = 5;

/**
 * The wait before the next try after `attempts` failures: none after a failed batch (the
 * batch is read again one event at a time, to find the event that fails), then 1 s, 4 s,
 * 16 s… up to five minutes.
 */
export function retryDelayMs(attempts: number, batchSize: number): number {
  if (batchSize > 1) return 0;
  return Math.min(300_000, 1000 * 4 ** Math.max(0, attempts - 1));
}

/**
 * What a failed read does: a batch of several retries one at a time at once; a single event
 * counts a failed attempt, and at MAX_ATTEMPTS it is given up.
 */
export function afterFailure(
  attempts: number,
  batchSize: number,
): { giveUp: boolean; attempts: number; delayMs: number } {
  if (batchSize > 1) return { giveUp: false, attempts: Math.max(attempts, 1), delayMs: 0 };
  const next = attempts + 1;
  return { giveUp: next >= MAX_ATTEMPTS, attempts: next, delayMs: retryDelayMs(next, 1) };
}

/** Fisher–Yates: every pending log gets its turn in a round, whatever the query's order. */
export function shuffled<T>(items: T[], random = Math.random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
