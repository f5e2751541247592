import type { Sql } from "../../../shared/db/database.ts";
import type { Actor } from "../../../shared/http/actor.ts";
import type { Session } from "../../../shared/http/env.ts";
import { projectAccess } from "../access/access.service.ts";
import {
  burnUpRows,
  byStatusRows,
  distributionRows,
  progressRows,
  workloadRows,
} from "./reports.repo.ts";

async function check(sql: Sql, session: Session, projectId?: string) {
  if (projectId) await projectAccess({ sql, session }, projectId);
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
