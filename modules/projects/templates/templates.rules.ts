/**
 * Pure rules of project templates: a project turned into a template (keys instead of ids,
 * dates as days from the project's start), the checks a template passes before a project is
 * made from it, the order its tasks are created in, and dates shifted to a new start.
 * Tested directly.
 */
import type { TemplateContentT } from "./templates.schemas.ts";

const DAY = 86_400_000;
const ms = (day: string) => Date.parse(`${day}T00:00:00Z`);
export const addDays = (day: string, n: number) =>
  new Date(ms(day) + n * DAY).toISOString().slice(0, 10);
export const daysBetween = (a: string, b: string) => Math.round((ms(b) - ms(a)) / DAY);

/** A date of the new project: its start plus the offset (null stays null). */
export const shifted = (start: string, offset: number | null) =>
  offset === null ? null : addDays(start, offset);

export interface SourceProject {
  startDate: string | null;
  dueDate: string | null;
  statuses: { id: string; name: string; category: "open" | "done" }[];
  transitions: {
    fromStatusId: string;
    toStatusId: string;
    roles: ("manager" | "member" | "viewer")[];
  }[];
  fields: {
    id: string;
    name: string;
    type: TemplateContentT["fields"][number]["type"];
    required: boolean;
    description: string;
    minValue: number | null;
    maxValue: number | null;
    options: { label: string; color: string }[];
  }[];
  milestones: { id: string; name: string; description: string; date: string }[];
  tasks: {
    id: string;
    title: string;
    description: string;
    statusId: string;
    priority: TemplateContentT["tasks"][number]["priority"];
    estimate: number | null;
    labels: string[];
    parentId: string | null;
    milestoneId: string | null;
    startDate: string | null;
    dueDate: string | null;
  }[];
  dependencies: {
    blockerId: string;
    blockedId: string;
    kind: TemplateContentT["dependencies"][number]["kind"];
    lagDays: number;
  }[];
}

/**
 * The day the template's dates count from: the project's start, else its earliest date (a
 * task's, a milestone's, its due date), else none (the template has no dates).
 */
export function baseDay(p: SourceProject): string | null {
  if (p.startDate) return p.startDate;
  const days = [
    ...p.tasks.flatMap((t) => [t.startDate, t.dueDate]),
    ...p.milestones.map((m) => m.date),
    p.dueDate,
  ].filter((d): d is string => !!d).sort();
  return days[0] ?? null;
}

/** A project as a template: keys for ids, days from the base day for dates. */
export function toTemplate(p: SourceProject): TemplateContentT {
  const base = baseDay(p);
  const rel = (d: string | null) => (d && base ? daysBetween(base, d) : null);
  const keys = (prefix: string, ids: string[]) =>
    new Map(ids.map((id, i) => [id, `${prefix}${i + 1}`]));
  const s = keys("s", p.statuses.map((x) => x.id));
  const f = keys("f", p.fields.map((x) => x.id));
  const m = keys("m", p.milestones.map((x) => x.id));
  const t = keys("t", p.tasks.map((x) => x.id));
  return {
    version: 1,
    durationDays: p.dueDate && base ? daysBetween(base, p.dueDate) : null,
    statuses: p.statuses.map((x) => ({ key: s.get(x.id)!, name: x.name, category: x.category })),
    transitions: p.transitions
      .filter((x) => s.has(x.fromStatusId) && s.has(x.toStatusId))
      .map((x) => ({ from: s.get(x.fromStatusId)!, to: s.get(x.toStatusId)!, roles: x.roles })),
    labels: [...new Set(p.tasks.flatMap((x) => x.labels))].sort(),
    fields: p.fields.map((x) => ({
      key: f.get(x.id)!,
      name: x.name,
      type: x.type,
      required: x.required,
      description: x.description,
      minValue: x.minValue,
      maxValue: x.maxValue,
      options: x.options,
    })),
    milestones: p.milestones.map((x) => ({
      key: m.get(x.id)!,
      name: x.name,
      description: x.description,
      offset: rel(x.date) ?? 0,
    })),
    tasks: p.tasks.map((x) => ({
      key: t.get(x.id)!,
      title: x.title,
      description: x.description,
      status: s.get(x.statusId)!,
      priority: x.priority,
      estimate: x.estimate,
      labels: x.labels,
      parent: x.parentId ? t.get(x.parentId) ?? null : null,
      milestone: x.milestoneId ? m.get(x.milestoneId) ?? null : null,
      startOffset: rel(x.startDate),
      dueOffset: rel(x.dueDate),
    })),
    dependencies: p.dependencies
      .filter((d) => t.has(d.blockerId) && t.has(d.blockedId))
      .map((d) => ({
        blocker: t.get(d.blockerId)!,
        blocked: t.get(d.blockedId)!,
        kind: d.kind,
        lagDays: d.lagDays,
      })),
  };
}

export interface TemplateError {
  path: string;
  message: string;
}

/** What keeps a template from making a project: unknown keys, duplicates and cycles. */
export function checkTemplate(c: TemplateContentT): TemplateError[] {
  const errors: TemplateError[] = [];
  const unique = (what: string, keys: string[]) => {
    const seen = new Set<string>();
    keys.forEach((k, i) => {
      if (seen.has(k)) errors.push({ path: `${what}[${i}].key`, message: "Key given twice." });
      seen.add(k);
    });
    return seen;
  };
  const statuses = unique("statuses", c.statuses.map((s) => s.key));
  const names = new Set<string>();
  c.statuses.forEach((s, i) => {
    if (names.has(s.name.toLowerCase())) {
      errors.push({ path: `statuses[${i}].name`, message: "Status names must be unique." });
    }
    names.add(s.name.toLowerCase());
  });
  const milestones = unique("milestones", c.milestones.map((m) => m.key));
  unique("fields", c.fields.map((f) => f.key));
  const tasks = unique("tasks", c.tasks.map((t) => t.key));
  c.transitions.forEach((x, i) => {
    if (!statuses.has(x.from)) {
      errors.push({ path: `transitions[${i}].from`, message: "Unknown status." });
    }
    if (!statuses.has(x.to)) {
      errors.push({ path: `transitions[${i}].to`, message: "Unknown status." });
    }
  });
  c.tasks.forEach((t, i) => {
    if (!statuses.has(t.status)) {
      errors.push({ path: `tasks[${i}].status`, message: "Unknown status." });
    }
    if (t.parent !== null && !tasks.has(t.parent)) {
      errors.push({ path: `tasks[${i}].parent`, message: "Unknown parent task." });
    }
    if (t.milestone !== null && !milestones.has(t.milestone)) {
      errors.push({ path: `tasks[${i}].milestone`, message: "Unknown milestone." });
    }
    if (t.startOffset !== null && t.dueOffset !== null && t.dueOffset < t.startOffset) {
      errors.push({
        path: `tasks[${i}].dueOffset`,
        message: "The due date is before the start date.",
      });
    }
  });
  if (!errors.length && creationOrder(c.tasks) === null) {
    errors.push({ path: "tasks", message: "A task is its own parent (through its subtasks)." });
  }
  c.dependencies.forEach((d, i) => {
    if (!tasks.has(d.blocker)) {
      errors.push({ path: `dependencies[${i}].blocker`, message: "Unknown task." });
    }
    if (!tasks.has(d.blocked)) {
      errors.push({ path: `dependencies[${i}].blocked`, message: "Unknown task." });
    }
    if (d.blocker === d.blocked) {
      errors.push({ path: `dependencies[${i}]`, message: "A task cannot block itself." });
    }
  });
  if (!errors.length && dependencyCycle(c.dependencies)) {
    errors.push({ path: "dependencies", message: "These dependencies make a cycle." });
  }
  return errors;
}

/** Tasks with every parent before its children, or null when parents go round in a cycle. */
export function creationOrder<T extends { key: string; parent: string | null }>(
  tasks: T[],
): T[] | null {
  const byKey = new Map(tasks.map((t) => [t.key, t]));
  const out: T[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (t: T): boolean => {
    const s = state.get(t.key);
    if (s === "done") return true;
    if (s === "visiting") return false;
    state.set(t.key, "visiting");
    const parent = t.parent ? byKey.get(t.parent) : undefined;
    if (parent && !visit(parent)) return false;
    state.set(t.key, "done");
    out.push(t);
    return true;
  };
  for (const t of tasks) if (!visit(t)) return null;
  return out;
}

/** Whether "blocker → blocked" links go round (iterative, for large templates). */
export function dependencyCycle(deps: { blocker: string; blocked: string }[]): boolean {
  const next = new Map<string, string[]>();
  const indegree = new Map<string, number>();
  for (const d of deps) {
    next.set(d.blocker, [...(next.get(d.blocker) ?? []), d.blocked]);
    indegree.set(d.blocked, (indegree.get(d.blocked) ?? 0) + 1);
    if (!indegree.has(d.blocker)) indegree.set(d.blocker, 0);
  }
  const queue = [...indegree].filter(([, n]) => n === 0).map(([k]) => k);
  let seen = 0;
  while (queue.length) {
    const k = queue.pop()!;
    seen++;
    for (const b of next.get(k) ?? []) {
      const n = indegree.get(b)! - 1;
      indegree.set(b, n);
      if (n === 0) queue.push(b);
    }
  }
  return seen !== indegree.size;
}
