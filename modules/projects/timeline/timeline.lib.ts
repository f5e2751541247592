/**
 * The rows the Gantt chart draws (frappe-gantt task objects), built on the server from a
 * timeline: milestones first (diamonds), then per group a header row spanning its tasks and the
 * group's dated tasks by start. Ids carry a prefix for the rows that are not tasks.
 */
import { DEPENDENCY_KINDS, type DependencyKind } from "./schedule.rules.ts";

export interface TimelineTaskLike {
  id: string;
  title: string;
  start: string | null;
  end: string | null;
  progress: number;
  done: boolean;
  group: string;
  critical: boolean;
  dependencies: { blockerId: string; kind: DependencyKind; lagDays: number }[];
}

export interface GanttRow {
  id: string;
  name: string;
  start: string;
  end: string;
  progress: number;
  dependencies: string[];
  custom_class: string;
  /** "task", "group" or "milestone". */
  type: string;
}

export function ganttRows(
  tasks: TimelineTaskLike[],
  groups: { key: string; label: string }[],
  milestones: { id: string; name: string; date: string; percent: number }[],
): GanttRow[] {
  const rows: GanttRow[] = milestones.map((m) => ({
    id: `m-${m.id}`,
    name: m.name,
    start: m.date,
    end: m.date,
    progress: m.percent,
    dependencies: [],
    custom_class: "tl-milestone",
    type: "milestone",
  }));
  const dated = tasks.filter((t) => t.start && t.end);
  const drawn = new Set(dated.map((t) => t.id));
  const byGroup = new Map<string, TimelineTaskLike[]>();
  for (const t of dated) {
    (byGroup.get(t.group) ?? byGroup.set(t.group, []).get(t.group)!).push(t);
  }
  for (const g of groups) {
    const list = (byGroup.get(g.key) ?? [])
      .sort((a, b) => a.start!.localeCompare(b.start!) || a.title.localeCompare(b.title));
    if (!list.length) continue;
    rows.push({
      id: `g-${g.key}`,
      name: `${g.label} (${list.length})`,
      start: list.reduce((m, t) => (t.start! < m ? t.start! : m), list[0].start!),
      end: list.reduce((m, t) => (t.end! > m ? t.end! : m), list[0].end!),
      progress: 0,
      dependencies: [],
      custom_class: "tl-group",
      type: "group",
    });
    for (const t of list) {
      rows.push({
        id: t.id,
        name: t.title,
        start: t.start!,
        end: t.end!,
        progress: t.progress,
        dependencies: t.dependencies.map((d) => d.blockerId).filter((id) => drawn.has(id)),
        // One class only: frappe-gantt adds it with classList.add.
        custom_class: t.critical
          ? (t.done ? "tl-critical-done" : "tl-critical")
          : t.done
          ? "tl-done"
          : "tl-task",
        type: "task",
      });
    }
  }
  return rows;
}

export const isDependencyKind = (v: string): v is DependencyKind =>
  (DEPENDENCY_KINDS as readonly string[]).includes(v);
