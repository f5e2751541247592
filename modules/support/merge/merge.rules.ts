/** The facts of a ticket the merge rules look at. */
interface Side {
  id: string;
  status: string;
  mergedIntoId?: string | null;
}

/**
 * Why a merge is refused (a 422), or null when it may go ahead: a ticket is not merged into
 * itself, a merged or closed ticket is not merged again, and nothing is merged into a closed one.
 */
export function mergeRefusal(source: Side, target: Side): string | null {
  if (source.id === target.id) return "A ticket cannot be merged into itself.";
  if (source.mergedIntoId) return "This ticket has been merged already.";
  if (source.status === "kapandi") return "A closed ticket cannot be merged; reopen it first.";
  if (target.status === "kapandi") return "A ticket cannot be merged into a closed ticket.";
  return null;
}

/** The two ids in the order their rows are locked (always the same order: no deadlock). */
export const lockOrder = (a: string, b: string): [string, string] => a < b ? [a, b] : [b, a];

/** The target's tags after the merge: its own first, then the source's new ones. */
export const mergedTags = (target: string[], source: string[]) => [
  ...new Set([...target, ...source]),
];
