/** SQL of saved reports and their snapshots (tenant-scoped connection; RLS keeps tenants apart). */
import { uuidv7 } from "uuidv7";
import type { Sql } from "../../../shared/db/database.ts";
import type { ChartSettings, ReportSource, Schedule, Snapshot } from "./reports.schemas.ts";

export interface ReportRow {
  id: string;
  name: string;
  description: string;
  source: ReportSource;
  chart: ChartSettings;
  roles: string[];
  schedule: Schedule;
  nextRunAt: string | null;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
const COLUMNS = `id, name, description, source::text as source_json, chart::text as chart_json,
  roles, schedule, next_run_at, created_by, created_at, updated_at`;

type Raw = Omit<ReportRow, "source" | "chart"> & { sourceJson: string; chartJson: string };
const toRow = ({ sourceJson, chartJson, ...r }: Raw): ReportRow => ({
  ...r,
  source: JSON.parse(sourceJson),
  chart: JSON.parse(chartJson),
  nextRunAt: iso(r.nextRunAt),
  createdAt: iso(r.createdAt)!,
  updatedAt: iso(r.updatedAt)!,
});

export async function selectReports(sql: Sql): Promise<ReportRow[]> {
  const rows = await sql<Raw[]>`select ${sql.unsafe(COLUMNS)} from workflow_reports
    order by lower(name), id limit 500`;
  return rows.map(toRow);
}

export async function findReport(sql: Sql, id: string, lock = false): Promise<ReportRow | null> {
  const [row] = await sql<Raw[]>`select ${sql.unsafe(COLUMNS)} from workflow_reports
    where id = ${id} ${lock ? sql`for update` : sql``}`;
  return row ? toRow(row) : null;
}

export interface ReportWrite {
  name: string;
  description: string;
  source: ReportSource;
  chart: ChartSettings;
  roles: string[];
  schedule: Schedule;
  nextRunAt: Date | null;
}

export async function insertReport(sql: Sql, r: ReportWrite, by: string): Promise<string> {
  const id = uuidv7();
  await sql`insert into workflow_reports (tenant_id, id, name, description, source, chart, roles,
      schedule, next_run_at, created_by, updated_by)
    values (current_setting('app.tenant_id')::uuid, ${id}, ${r.name}, ${r.description},
      ${JSON.stringify(r.source)}::text::jsonb, ${JSON.stringify(r.chart)}::text::jsonb, ${r.roles},
      ${r.schedule}, ${r.nextRunAt}, ${by}, ${by})`;
  return id;
}

/** Replaces a report; the next archive run is kept when the schedule did not change. */
export async function updateReport(sql: Sql, id: string, r: ReportWrite, by: string) {
  await sql`update workflow_reports set name = ${r.name}, description = ${r.description},
      source = ${JSON.stringify(r.source)}::text::jsonb, chart = ${
    JSON.stringify(r.chart)
  }::text::jsonb,
      roles = ${r.roles},
      next_run_at = case when schedule = ${r.schedule} then next_run_at else ${r.nextRunAt} end,
      schedule = ${r.schedule}, updated_by = ${by}, updated_at = now()
    where id = ${id}`;
}

export async function deleteReport(sql: Sql, id: string) {
  await sql`delete from workflow_reports where id = ${id}`;
}

/** Reports whose archive run is due, oldest first (ids only; each run locks its own row). */
export async function dueReportIds(sql: Sql, now: Date): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`select id from workflow_reports
    where next_run_at <= ${now} order by next_run_at limit 100`;
  return rows.map((r) => r.id);
}

/** The workspaces with a report due (the scheduler's sweep, as the worker role). */
export async function tenantsWithDueReports(sql: Sql, now: Date): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`select workflow_report_due_tenants(${now}) as id`;
  return rows.map((r) => r.id);
}

/** Locks a due report; null when another run holds it or already advanced it. */
export async function claimDue(sql: Sql, id: string, now: Date): Promise<ReportRow | null> {
  const [row] = await sql<Raw[]>`select ${sql.unsafe(COLUMNS)} from workflow_reports
    where id = ${id} and next_run_at <= ${now} for update skip locked`;
  return row ? toRow(row) : null;
}

export async function setNextRun(sql: Sql, id: string, next: Date | null) {
  await sql`update workflow_reports set next_run_at = ${next} where id = ${id}`;
}

export async function insertSnapshot(
  sql: Sql,
  s: { reportId: string; takenAt: Date; rowCount: number; csv: string; chart: string | null },
  by: string | null,
): Promise<string> {
  const id = uuidv7();
  await sql`insert into workflow_report_snapshots (tenant_id, id, report_id, taken_at, row_count,
      csv_file_id, chart_file_id, taken_by)
    values (current_setting('app.tenant_id')::uuid, ${id}, ${s.reportId}, ${s.takenAt},
      ${s.rowCount}, ${s.csv}, ${s.chart}, ${by})`;
  return id;
}

export async function selectSnapshots(sql: Sql, reportId: string, id?: string) {
  const rows = await sql<Snapshot[]>`select s.id, s.report_id, s.taken_at, s.row_count,
      s.csv_file_id, s.chart_file_id, s.taken_by, m.name as taken_by_name
    from workflow_report_snapshots s left join member_directory m on m.user_id = s.taken_by
    where s.report_id = ${reportId} ${id ? sql`and s.id = ${id}` : sql``}
    order by s.taken_at desc, s.id desc limit 500`;
  return rows.map((r) => ({ ...r, takenAt: iso(r.takenAt)! }));
}

/** The tenant of the current scope (app.tenant_id). */
export async function currentTenantId(sql: Sql): Promise<string> {
  const [{ tenantId }] = await sql<{ tenantId: string }[]>`
    select current_setting('app.tenant_id') as tenant_id`;
  return tenantId;
}
