import type { Status } from "../common/common.schemas.ts";

/** The portal's status filter: what a customer calls open, solved and closed. */
export const STATUS_FILTERS = {
  open: ["acik", "islemde"],
  solved: ["cozuldu"],
  closed: ["kapandi"],
} as const satisfies Record<string, Status[]>;
export type StatusFilter = keyof typeof STATUS_FILTERS;

const DAY_MS = 86_400_000;

interface Ending {
  status: Status;
  resolvedAt: string | null;
  closedAt: string | null;
}

/**
 * Until when a solved or closed ticket may be reopened from the portal: `reopenDays` after it
 * was closed (or solved, when it never was closed). Null for a ticket that is not solved or
 * closed, or a window of 0 days.
 */
export function reopenDeadline(t: Ending, reopenDays: number): Date | null {
  if (t.status !== "cozuldu" && t.status !== "kapandi") return null;
  const ended = t.closedAt ?? t.resolvedAt;
  if (!ended || reopenDays <= 0) return null;
  return new Date(Date.parse(ended) + reopenDays * DAY_MS);
}

export const canReopen = (t: Ending, reopenDays: number, now: Date) => {
  const until = reopenDeadline(t, reopenDays);
  return until !== null && now < until;
};

/**
 * A customer writes on any ticket that is not closed; a reply on a solved ticket reopens it
 * (as an e-mail reply does). A closed ticket is reopened first (within the window).
 */
export const canReply = (t: { status: Status; mergedIntoId: string | null }) =>
  t.status !== "kapandi" && !t.mergedIntoId;

/** The customer may close their ticket whatever its state, except a closed one. */
export const canClose = (t: { status: Status; mergedIntoId: string | null }) =>
  t.status !== "kapandi" && !t.mergedIntoId;

/** Solved or closed and not yet rated: the rating form shows. */
export const canRate = (t: { status: Status; mergedIntoId: string | null }, rated: boolean) =>
  (t.status === "cozuldu" || t.status === "kapandi") && !rated && !t.mergedIntoId;

/** The status moves a customer's "close" makes: a ticket not yet solved is solved first. */
export const closingMoves = (status: Status): Status[] =>
  status === "cozuldu" ? ["kapandi"] : status === "kapandi" ? [] : ["cozuldu", "kapandi"];
