/**
 * The workflow dashboard's figures: what runs (of what the reader may see), the reader's
 * tasks, processes started and completed per day, newest tasks and recent incidents.
 */
import type { Actor } from "../../../shared/http/actor.ts";
import { listIncidents, viewerOf } from "../instances/instances.service.ts";
import { instanceCounts, newestTasks, perDay, taskCounts } from "./dashboard.repo.ts";
import type { Dashboard } from "./dashboard.schemas.ts";

export const CHART_DAYS = 14;

export async function dashboardFigures(
  actor: Actor,
  o: { timeZone?: string } = {},
): Promise<Dashboard> {
  const v = viewerOf(actor);
  const counts = await instanceCounts(actor.sql, v);
  return {
    processes: {
      active: counts.active,
      suspended: counts.suspended,
      openIncidents: counts.incidents,
    },
    tasks: await taskCounts(actor.sql, v),
    perDay: await perDay(actor.sql, v, CHART_DAYS, o.timeZone ?? "UTC"),
    myNewestTasks: await newestTasks(actor.sql, v.userId, 5),
    recentIncidents: (await listIncidents(actor, { limit: 5 })).items,
  };
}
