/**
 * Which team member a new ticket goes to: pure, so the choice is tested without a database.
 * The service gathers the facts (who is a member, may work tickets, is away, holds how many
 * open tickets) and stores the outcome.
 */

export const ASSIGNMENT_MODES = ["none", "round_robin", "least_open"] as const;
export type AssignmentMode = (typeof ASSIGNMENT_MODES)[number];

export interface Candidate {
  userId: string;
  /** Open tickets (acik, islemde) assigned to them now, in any team. */
  open: number;
  /** Active member who may work tickets. */
  agent: boolean;
  /** Out of office (their flag, or a Workflow delegation in force). */
  away: boolean;
}

export interface AssignmentSettings {
  mode: AssignmentMode;
  maxOpenPerAgent: number | null;
  lastAssignedUserId: string | null;
}

export type Choice =
  | { userId: string; reason?: undefined }
  | { userId: null; reason: "off" | "no_members" | "nobody_available" | "all_at_cap" };

/**
 * Members in turn order: the stable order (by user id) starting after the last one assigned.
 * A last one who left the team keeps their place in the order, so the turn still moves on.
 */
export function turnOrder(members: Candidate[], last: string | null): Candidate[] {
  const sorted = [...members].sort((
    a,
    b,
  ) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  if (!last) return sorted;
  const next = sorted.findIndex((m) => m.userId > last);
  return next < 0 ? sorted : [...sorted.slice(next), ...sorted.slice(0, next)];
}

/** The member to assign, or why nobody: round-robin takes the next in turn, least-open the
 * lightest (a tie goes to the earlier in turn); away members and those at the cap are skipped. */
export function chooseAssignee(settings: AssignmentSettings, members: Candidate[]): Choice {
  if (settings.mode === "none") return { userId: null, reason: "off" };
  if (!members.length) return { userId: null, reason: "no_members" };
  const present = turnOrder(members, settings.lastAssignedUserId).filter((m) => m.agent && !m.away);
  if (!present.length) return { userId: null, reason: "nobody_available" };
  const cap = settings.maxOpenPerAgent;
  const eligible = present.filter((m) => cap === null || m.open < cap);
  if (!eligible.length) return { userId: null, reason: "all_at_cap" };
  if (settings.mode === "round_robin") return { userId: eligible[0].userId };
  const lightest = eligible.reduce((best, m) => (m.open < best.open ? m : best));
  return { userId: lightest.userId };
}
