/** Pure helpers of bulk edit: what one task's update body is for a bulk change. */
import type { BulkSetInput } from "./bulk.schemas.ts";

export interface BulkTaskBefore {
  assigneeIds: string[];
  labels: string[];
}

export interface BulkTaskInput {
  statusId?: string;
  priority?: "dusuk" | "normal" | "yuksek" | "kritik";
  assigneeIds?: string[];
  labels?: string[];
  dueDate?: string | null;
}

/** The single-task update that applies `set` to a task as it is now. */
export function taskInput(set: BulkSetInput, before: BulkTaskBefore): BulkTaskInput {
  const input: BulkTaskInput = {};
  if (set.statusId) input.statusId = set.statusId;
  if (set.priority) input.priority = set.priority;
  if (set.dueDate !== undefined) input.dueDate = set.dueDate;
  if (set.assigneeIds || set.addAssignee || set.removeAssignee) {
    let ids = set.assigneeIds ?? before.assigneeIds;
    if (set.addAssignee && !ids.includes(set.addAssignee)) ids = [...ids, set.addAssignee];
    if (set.removeAssignee) ids = ids.filter((id) => id !== set.removeAssignee);
    input.assigneeIds = ids;
  }
  if (set.addLabels?.length || set.removeLabels?.length) {
    const drop = new Set((set.removeLabels ?? []).map((l) => l.toLowerCase()));
    const kept = before.labels.filter((l) => !drop.has(l.toLowerCase()));
    const have = new Set(kept.map((l) => l.toLowerCase()));
    for (const l of set.addLabels ?? []) {
      if (!have.has(l.toLowerCase())) {
        kept.push(l);
        have.add(l.toLowerCase());
      }
    }
    input.labels = kept;
  }
  return input;
}
