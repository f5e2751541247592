/** Pure rules of tasks, tested directly (tests/projects/tasks-rules.test.ts). */

export interface DependencyNode {
  id: string;
  /** Tasks this one blocks (they wait for it). */
  blocks: string[];
}

/**
 * Every task that `taskId` blocks, directly or through others: the tasks waiting for it.
 * Making one of them a blocker of `taskId` would close a cycle.
 */
export function dependents(taskId: string, tasks: DependencyNode[]): Set<string> {
  const blocks = new Map(tasks.map((t) => [t.id, t.blocks]));
  const seen = new Set<string>();
  const stack = [...(blocks.get(taskId) ?? [])];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(blocks.get(id) ?? []));
  }
  return seen;
}

/**
 * The tasks the "blocked by" picker offers for `taskId`: every other task of the project
 * except those that already wait for it (directly or through others), because choosing one
 * would make a cycle the save refuses. The order of `tasks` is kept.
 */
export function blockerCandidates<T extends DependencyNode>(taskId: string, tasks: T[]): T[] {
  const waiting = dependents(taskId, tasks);
  return tasks.filter((t) => t.id !== taskId && !waiting.has(t.id));
}

/**
 * The tasks the "parent task" picker offers for `taskId`: every other task of the project
 * but its own subtasks (at any depth), which the save would refuse as a cycle.
 */
export function parentCandidates<T extends { id: string; parentId: string | null }>(
  taskId: string,
  tasks: T[],
): T[] {
  const below = new Set([taskId]);
  for (let grew = true; grew;) {
    grew = false;
    for (const t of tasks) {
      if (t.parentId && below.has(t.parentId) && !below.has(t.id)) {
        below.add(t.id);
        grew = true;
      }
    }
  }
  return tasks.filter((t) => !below.has(t.id));
}
