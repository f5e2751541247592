import type { Sql } from "../../../shared/db/database.ts";
import type { Actor } from "../../../shared/http/actor.ts";
import type { Session } from "../../../shared/http/env.ts";
import { type CsvColumn, toCsv } from "../../../shared/http/csv.ts";
import { projectAccess } from "../access/access.service.ts";
import {
  burnUpRows,
  byStatusRows,
  distributionRows,
  progressRows,
  workloadRows,
} from "./reports.repo.ts";

async function check(sql: Sql, session: Session, projectId?: string) {
  if (projectId) await projectAccess(sql, session, projectId);
}

export async function progressReport(
  actor: Actor,
  q: { projectId?: string; days: number },
) {
  const { sql, session } = actor;
  await check(sql, session, q.projectId);
  const rows = await progressRows(sql, session, q.projectId);
  const statuses = await byStatusRows(sql, session, q.projectId);
  return {
    items: rows.map((r) => ({
      ...r,
      percent: r.total ? Math.round((r.done / r.total) * 1000) / 10 : 0,
      byStatus: statuses.filter((s) => s.projectId === r.projectId)
        .map(({ projectId: _, ...s }) => s),
    })),
    burnUp: await burnUpRows(sql, session, q.days, q.projectId),
  };
}

export async function distributionReport(actor: Actor, q: { projectId?: string }) {
  const { sql, session } = actor;
  await check(sql, session, q.projectId);
  return {
    byStatus: await distributionRows(sql, session, "status", q.projectId),
    byPriority: await distributionRows(sql, session, "priority", q.projectId),
    byAssignee: await distributionRows(sql, session, "assignee", q.projectId),
  };
}

export async function workloadReport(actor: Actor, q: { projectId?: string }) {
  const { sql, session } = actor;
  await check(sql, session, q.projectId);
  return { items: await workloadRows(sql, session, q.projectId) };
}

type Progress = Awaited<ReturnType<typeof progressReport>>["items"][number];
export const progressCsv = (items: Progress[]) =>
  toCsv(items, [
    { header: "project", value: (r) => r.name },
    { header: "status", value: (r) => r.status },
    { header: "total", value: (r) => r.total },
    { header: "done", value: (r) => r.done },
    { header: "percent", value: (r) => r.percent },
  ] as CsvColumn<Progress>[]);

type Dist = Awaited<ReturnType<typeof distributionReport>>;
export const distributionCsv = (d: Dist) =>
  toCsv(
    [
      ...d.byStatus.map((b) => ({ dimension: "status", ...b })),
      ...d.byPriority.map((b) => ({ dimension: "priority", ...b })),
      ...d.byAssignee.map((b) => ({ dimension: "assignee", ...b })),
    ],
    [
      { header: "dimension", value: (r) => r.dimension },
      { header: "value", value: (r) => r.label },
      { header: "tasks", value: (r) => r.count },
      { header: "open", value: (r) => r.open },
    ],
  );

type Work = Awaited<ReturnType<typeof workloadReport>>["items"][number];
export const workloadCsv = (items: Work[]) =>
  toCsv(items, [
    { header: "member", value: (r) => r.name },
    { header: "email", value: (r) => r.email },
    { header: "open", value: (r) => r.open },
    { header: "overdue", value: (r) => r.overdue },
    { header: "estimate_hours", value: (r) => r.estimate },
    { header: "done", value: (r) => r.done },
  ] as CsvColumn<Work>[]);
