/** Pure helpers of several assignees (the first of a task's list is its assigneeId). */

/** The primary assignee an input sets: the first of `assigneeIds` when given. */
export function primaryOf(
  input: { assigneeId?: string | null; assigneeIds?: string[] },
): string | null | undefined {
  if (input.assigneeIds !== undefined) return input.assigneeIds[0] ?? null;
  return input.assigneeId;
}

/**
 * Assignees `after` has that `before` had not, but the primary assignee when it changed (the
 * single-assignee notice already covers that one).
 */
export function addedAssignees(
  before: { assigneeId: string | null; assigneeIds: string[] } | null,
  after: { assigneeId: string | null; assigneeIds: string[] },
): string[] {
  const had = new Set(before?.assigneeIds ?? []);
  const primaryAnnounced = after.assigneeId !== (before?.assigneeId ?? null);
  return after.assigneeIds.filter((id) =>
    !had.has(id) && !(primaryAnnounced && id === after.assigneeId)
  );
}
