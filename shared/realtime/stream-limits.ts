/**
 * Caps on open server-sent event streams, per user and per instance (issue 18): every stream
 * holds a socket and a bus subscription for as long as the client likes, so one script opening
 * thousands must not starve everyone else. Past a cap the request gets 429 with Retry-After.
 * Counted in this process: each instance protects itself.
 */
import { problems } from "../http/problem.ts";

export interface StreamCaps {
  perUser: number;
  perInstance: number;
}

const RETRY_AFTER_SECONDS = 30;
const byUser = new Map<string, number>();
let total = 0;

/** Counts one stream for the user or throws 429; the returned function gives it back (once). */
export function acquireStream(userId: string, caps: StreamCaps): () => void {
  const mine = byUser.get(userId) ?? 0;
  if (mine >= caps.perUser || total >= caps.perInstance) {
    throw problems.tooManyRequests(
      RETRY_AFTER_SECONDS,
      mine >= caps.perUser
        ? `You already have ${mine} live connections open; close a tab or try again later.`
        : "This server has too many live connections open; try again later.",
    );
  }
  byUser.set(userId, mine + 1);
  total++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    total--;
    const left = (byUser.get(userId) ?? 1) - 1;
    if (left > 0) byUser.set(userId, left);
    else byUser.delete(userId);
  };
}

/** Open streams now (for tests and diagnostics). */
export function openStreams(userId?: string): number {
  return userId ? byUser.get(userId) ?? 0 : total;
}
