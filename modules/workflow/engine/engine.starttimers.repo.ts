/** SQL of timer start events (engine.starttimers.service.ts). */
import type { Sql } from "../../../shared/db/database.ts";
import type { TimerRow } from "./engine.repo.ts";

interface StartTarget {
  key: string;
  name: string;
  version: number;
  createdBy: string | null;
  archivedAt: string | null;
  timersJson: string;
}

/** Cancels the open start timers of a definition; how many. */
export async function cancelStartTimersOf(sql: Sql, definitionId: string): Promise<number> {
  const rows = await sql`
    update workflow_timers set cancelled_at = now()
    where definition_id = ${definitionId} and kind = 'start' and fired_at is null
      and cancelled_at is null
    returning id`;
  return rows.length;
}

/** A deployed version's start timers (JSON text); null when the version is not there. */
export async function startTimersOfVersion(sql: Sql, definitionId: string, versionId: string) {
  const [v] = await sql<{ timersJson: string }[]>`
    select start_timers::text as timers_json from workflow_definition_versions
    where id = ${versionId} and definition_id = ${definitionId}`;
  return v ?? null;
}

/** An open start timer, locked (a second dispatcher waits, then sees it fired). */
export async function lockOpenStartTimer(sql: Sql, timerId: string) {
  const [timer] = await sql<(TimerRow & { definitionId: string })[]>`
    select * from workflow_timers
    where id = ${timerId} and kind = 'start' and fired_at is null and cancelled_at is null
    for update`;
  return timer ?? null;
}

/** What a start timer starts: the definition and its latest version's start timers. */
export async function startTargetOf(sql: Sql, definitionId: string) {
  const [def] = await sql<StartTarget[]>`
    select d.key, d.name, d.latest_version as version, d.created_by, d.archived_at,
      v.start_timers::text as timers_json
    from workflow_definitions d
    join workflow_definition_versions v on v.definition_id = d.id and v.version = d.latest_version
    where d.id = ${definitionId}`;
  return def ?? null;
}

export async function setStartTimerCancelled(sql: Sql, timerId: string) {
  await sql`update workflow_timers set cancelled_at = now() where id = ${timerId}`;
}

export async function setStartTimerFired(sql: Sql, timerId: string) {
  await sql`update workflow_timers set fired_at = now() where id = ${timerId}`;
}

/** Due start timers of the current tenant (tests and the sweep fire them). */
export async function dueStartTimers(sql: Sql, now: Date, limit: number): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    select id from workflow_timers
    where kind = 'start' and fired_at is null and cancelled_at is null and due_at <= ${now}
    order by due_at limit ${limit}`;
  return rows.map((r) => r.id);
}
