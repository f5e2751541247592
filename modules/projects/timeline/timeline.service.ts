import type { z } from "@hono/zod-openapi";
import type { Actor } from "../../../shared/http/actor.ts";
import { projectAccess } from "../access/access.service.ts";
import { selectTasks } from "../tasks/tasks.repo.ts";
import { selectStatuses } from "../statuses/statuses.repo.ts";
import { selectMilestones } from "../milestones/milestones.repo.ts";
import { toMilestone } from "../milestones/milestones.service.ts";
import { criticalPath, durationOf, isoDay, type Link, span } from "./schedule.rules.ts";
import { linksOfProject, projectDates, type TimelineRow, timelineRows } from "./timeline.repo.ts";
import type { GroupBy, TimelineQuery } from "./timeline.schemas.ts";

/** Most tasks one timeline draws. */
export const TIMELINE_LIMIT = 10_000;
const NONE = "none";

/**
 * A project's timeline: its tasks (the task list's filters apply) with their drawn days,
 * progress, group, dependencies with kinds, the critical path, and the milestones.
 */
export async function getTimeline(
  actor: Actor,
  { projectId, query }: { projectId: string; query: z.infer<typeof TimelineQuery> },
) {
  const { sql, session } = actor;
  await projectAccess(actor, projectId);
  // The task list's filters choose the tasks (with none: the whole project, one read less);
  // the timeline reads only what it draws.
  const filtered = Object.entries(query).some(([k, v]) => k !== "groupBy" && v !== undefined);
  const [project, matched, links, statuses, milestoneRows] = await Promise.all([
    projectDates(sql, projectId),
    filtered
      ? selectTasks(
        sql,
        session,
        { ...query, projectId, includeArchived: true, sort: "created", idsOnly: true },
        TIMELINE_LIMIT,
        null,
      )
      : null,
    linksOfProject(sql, projectId),
    selectStatuses(sql, projectId),
    selectMilestones(sql, projectId),
  ]);
  const rows = await timelineRows(sql, {
    projectId,
    ids: matched?.slice(0, TIMELINE_LIMIT).map((t) => t.id),
    limit: TIMELINE_LIMIT + 1,
  });
  const truncated = (matched ?? rows).length > TIMELINE_LIMIT;
  const tasks = rows.slice(0, TIMELINE_LIMIT);
  const ids = new Set(tasks.map((t) => t.id));
  const shown = links.filter((l) => ids.has(l.blockerId) && ids.has(l.blockedId));
  const cpm = criticalPath(tasks.map((t) => ({ id: t.id, duration: durationOf(t) })), shown);
  const critical = new Set(cpm.critical);
  const blockersOf = new Map<string, Link[]>();
  for (const l of shown) {
    (blockersOf.get(l.blockedId) ?? blockersOf.set(l.blockedId, []).get(l.blockedId)!).push(l);
  }
  const children = new Map<string, { done: number; all: number }>();
  for (const t of tasks) {
    if (!t.parentId) continue;
    const c = children.get(t.parentId) ?? { done: 0, all: 0 };
    c.all++;
    if (t.statusCategory === "done") c.done++;
    children.set(t.parentId, c);
  }
  const milestones = milestoneRows.map(toMilestone);
  const groupBy: GroupBy = query.groupBy ?? "status";
  const groupOf = (t: TimelineRow) =>
    groupBy === "assignee"
      ? t.assigneeId ?? NONE
      : groupBy === "milestone"
      ? t.milestoneId ?? NONE
      : t.statusId;
  return {
    project: {
      id: projectId,
      name: project!.name,
      startDate: project!.startDate,
      dueDate: project!.dueDate,
    },
    groupBy,
    groups: groupsOf(groupBy, tasks, statuses, milestones),
    tasks: tasks.map((t) => {
      const s = span(t);
      const c = children.get(t.id);
      return {
        id: t.id,
        title: t.title,
        startDate: t.startDate,
        dueDate: t.dueDate,
        start: s ? isoDay(s.start) : null,
        end: s ? isoDay(s.end) : null,
        progress: t.statusCategory === "done" ? 100 : c ? Math.round((c.done / c.all) * 100) : 0,
        statusId: t.statusId,
        statusName: t.statusName,
        done: t.statusCategory === "done",
        assigneeId: t.assigneeId,
        assigneeName: t.assigneeName,
        milestoneId: t.milestoneId,
        group: groupOf(t),
        critical: critical.has(t.id),
        float: cpm.float.get(t.id) ?? null,
        dependencies: (blockersOf.get(t.id) ?? []).map((l) => ({
          blockerId: l.blockerId,
          kind: l.kind,
          lagDays: l.lagDays,
        })),
      };
    }),
    milestones,
    criticalPath: cpm.critical,
    truncated,
  };
}

/** The groups in display order: flow order, assignees by name, milestones by date; "none" last. */
function groupsOf(
  groupBy: GroupBy,
  tasks: TimelineRow[],
  statuses: { id: string; name: string }[],
  milestones: { id: string; name: string }[],
) {
  if (groupBy === "status") return statuses.map((s) => ({ key: s.id, label: s.name }));
  if (groupBy === "milestone") {
    const groups: { key: string; label: string | null }[] = milestones.map((m) => ({
      key: m.id,
      label: m.name,
    }));
    if (tasks.some((t) => !t.milestoneId)) groups.push({ key: NONE, label: null });
    return groups;
  }
  const people = new Map<string, string>();
  for (const t of tasks) if (t.assigneeId) people.set(t.assigneeId, t.assigneeName ?? "");
  const groups: { key: string; label: string | null }[] = [...people]
    .sort((a, b) => a[1].localeCompare(b[1]))
    .map(([key, label]) => ({ key, label }));
  if (tasks.some((t) => !t.assigneeId)) groups.push({ key: NONE, label: null });
  return groups;
}
