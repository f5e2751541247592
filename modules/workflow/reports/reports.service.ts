/**
 * Reports: the catalog (standard reports + the tenant's saved ones, filtered by role), the
 * studio's saves, and running a report live. Custom reports run through the query door
 * (queries.api.ts), so SQL is compiled in one place; standard reports run their own SQL.
 */
import { inSavepoint } from "../../../shared/db/savepoint.ts";
import type { Actor, SystemActor } from "../../../shared/http/actor.ts";
import type { Sql } from "../../../shared/db/database.ts";
import { log } from "../../../shared/log.ts";
import { isUuid } from "../../../shared/http/ids.ts";
import { Problem, problems } from "../../../shared/http/problem.ts";
import { hasPermission } from "../../../shared/rbac/permissions.ts";
import type { Locale } from "../../../shared/i18n/i18n.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import { memberNames, roleExists } from "../../../platform/identity/public.ts";
import type { QueryResult } from "../queries/queries.types.lib.ts";
import { runAdHocQuery, runSavedQuery } from "../queries/queries.service.ts";
import {
  deleteReport,
  findReport,
  insertReport,
  type ReportRow,
  selectReports,
  updateReport,
} from "./reports.repo.ts";
import { canView, nextRunAt } from "./reports.rules.ts";
import { REPORT_WRITE } from "./reports.routes.ts";
import type { Report, ReportInput, ReportSource } from "./reports.schemas.ts";
import { runStandard } from "./reports.standard.service.ts";
import { isStandardKey, standardReport, standardReports } from "./reports.standard.lib.ts";

const custom = (r: ReportRow): Report => ({ ...r, standard: false });

const readerOf = (actor: Actor) => ({
  roles: actor.session.roles,
  canWrite: hasPermission(actor.session.permissions, REPORT_WRITE),
});

/** Standard reports first, then the saved ones the caller may view, by name. */
export async function listReports(actor: Actor, l: Locale): Promise<{ items: Report[] }> {
  const reader = readerOf(actor);
  const saved = (await selectReports(actor.sql)).filter((r) => canView(r, reader)).map(custom);
  return { items: [...standardReports(l), ...saved] };
}

/** One report the caller may view; another tenant's, a hidden one or a bad id: not found. */
export async function loadReport(
  actor: Actor,
  { id, l }: { id: string; l: Locale },
): Promise<Report> {
  if (isStandardKey(id)) return standardReport(l, id);
  const row = isUuid(id) ? await findReport(actor.sql, id) : null;
  if (!row || !canView(row, readerOf(actor))) throw problems.notFound("No such report.");
  return custom(row);
}

async function savedOnly(actor: Actor, id: string, lock = false): Promise<ReportRow> {
  if (isStandardKey(id)) {
    throw problems.unprocessable("Standard reports cannot be changed; copy one instead.");
  }
  const row = isUuid(id) ? await findReport(actor.sql, id, lock) : null;
  if (!row) throw problems.notFound("No such report.");
  return row;
}

async function checked(sql: Sql, input: ReportInput) {
  const roles = [...new Set(input.roles)];
  for (const [i, role] of roles.entries()) {
    if (!(await roleExists(sql, role))) {
      throw problems.validation([{ path: `roles.${i}`, message: "No such role" }]);
    }
  }
  if (input.source.kind === "adhoc" && input.source.source === "records" && !input.source.model) {
    throw problems.validation([{ path: "source.model", message: "Records need a data model" }]);
  }
  return {
    ...input,
    roles,
    nextRunAt: nextRunAt(input.schedule, new Date()),
  };
}

const shape = (r: ReportRow | Report) => ({
  name: r.name,
  source: r.source,
  chart: r.chart,
  roles: r.roles,
  schedule: r.schedule,
});

export async function createReport(actor: Actor, input: ReportInput): Promise<Report> {
  const id = await insertReport(actor.sql, await checked(actor.sql, input), actor.session.userId);
  const after = (await findReport(actor.sql, id))!;
  await recordActivity(actor, {
    module: "workflow",
    entityType: "report",
    entityId: id,
    action: "created",
    summary: `Saved the report ${after.name}`,
    after: shape(after),
  });
  return custom(after);
}

export async function replaceReport(
  actor: Actor,
  { id, input }: { id: string; input: ReportInput },
) {
  const before = await savedOnly(actor, id, true);
  await updateReport(actor.sql, id, await checked(actor.sql, input), actor.session.userId);
  const after = (await findReport(actor.sql, id))!;
  await recordActivity(actor, {
    module: "workflow",
    entityType: "report",
    entityId: id,
    action: "updated",
    summary: `Changed the report ${after.name}`,
    before: shape(before),
    after: shape(after),
  });
  return custom(after);
}

export async function removeReport(actor: Actor, id: string): Promise<void> {
  const before = await savedOnly(actor, id, true);
  await deleteReport(actor.sql, id);
  await recordActivity(actor, {
    module: "workflow",
    entityType: "report",
    entityId: id,
    action: "deleted",
    summary: `Removed the report ${before.name}`,
    before: shape(before),
  });
}

/**
 * Runs a report's source in the caller's scope. The query layer's refusals (unknown field,
 * model or saved query) come back as 422 problems, never as a 500.
 */
export async function runSource(
  actor: SystemActor,
  { source, l }: { source: ReportSource; l: Locale },
): Promise<QueryResult> {
  const { sql } = actor;
  if (source.kind === "standard") return await runStandard(actor, { key: source.key, l });
  const run = (tx: Sql) =>
    source.kind === "query"
      ? runSavedQuery({ ...actor, sql: tx }, {
        key: source.query,
        params: source.params,
        opts: { locale: l },
      })
      : runAdHocQuery({ ...actor, sql: tx }, {
        query: { source: source.source, model: source.model, definition: source.definition },
        params: {},
        opts: { locale: l },
      });
  try {
    // A savepoint, so a refused query leaves the caller's transaction usable.
    return await readable(sql, await inSavepoint(sql, run));
  } catch (err) {
    if (err instanceof Problem && err.status < 500) {
      throw problems.unprocessable(err.detail ?? err.title);
    }
    // Anything else (a stub, a database error) is not shown: it may name internals.
    log.warn("workflow report query failed", { error: String(err) });
    throw problems.unprocessable("The report's query cannot run; check its source and fields.");
  }
}

type Column = QueryResult["columns"][number] & { values?: { value: string; label: string }[] };

/**
 * People read people by name and enum values by label: the query layer returns user ids and
 * enum codes (with their labels on the column), so they are replaced here, for pages and CSV.
 */
async function readable(sql: Sql, result: QueryResult): Promise<QueryResult> {
  const columns = result.columns as Column[];
  const users = columns.filter((c) => c.type === "user").map((c) => c.name);
  const ids = [
    ...new Set(
      result.rows.flatMap((r) => users.map((u) => r[u])).filter((v): v is string =>
        typeof v === "string" && isUuid(v)
      ),
    ),
  ];
  const names = await memberNames(sql, ids);
  const labels = new Map(
    columns.filter((c) => c.values?.length).map((c) => [
      c.name,
      new Map(c.values!.map((v) => [v.value, v.label])),
    ]),
  );
  if (users.length === 0 && labels.size === 0) return result;
  const rows = result.rows.map((row) => {
    const out = { ...row };
    for (const u of users) {
      const v = out[u];
      if (typeof v === "string") out[u] = names.get(v) ?? null;
    }
    for (const [name, map] of labels) {
      const v = out[name];
      if (typeof v === "string") out[name] = map.get(v) ?? v;
    }
    return out;
  });
  return {
    columns: columns.map((c) => ({ name: c.name, label: c.label, type: c.type })),
    rows,
    truncated: result.truncated,
  };
}

export async function reportData(
  actor: Actor,
  { id, l }: { id: string; l: Locale },
) {
  const report = await loadReport(actor, { id, l });
  return { report, data: await runSource(actor, { source: report.source, l }) };
}
