/** Report catalog, a report's chart and table, and its archive. */
import {
  Badge,
  Button,
  ChartCard,
  type Column,
  DataTable,
  DateTime,
  EmptyState,
  formatNumber,
  IconButton,
  useReader,
  useT,
} from "../../../ui/kit.ts";
import type { QueryResult } from "../queries/queries.types.lib.ts";
import { cellText, chartOption } from "./reports.rules.ts";
import type { Report, Snapshot } from "./reports.schemas.ts";

export const CATALOG = "/workflow/reports";
export const STUDIO = "/workflow/admin/reports";
const FILE = (id: string) => `/api/documents/files/${id}/download`;

export function ReportCatalog(
  { reports, canWrite }: { reports: Report[]; canWrite: boolean },
) {
  const t = useT();
  const columns: Column<Report>[] = [
    {
      label: t("workflow.reports.col.name"),
      cell: (r) => <a href={`${CATALOG}/${r.id}`}>{r.name}</a>,
    },
    {
      label: t("workflow.reports.col.kind"),
      cell: (r) => (
        <Badge tone={r.standard ? "blue" : "teal"}>
          {t(r.standard ? "workflow.reports.standard" : "workflow.reports.custom")}
        </Badge>
      ),
    },
    { label: t("workflow.reports.col.description"), cell: (r) => r.description, wide: true },
    {
      label: t("workflow.reports.col.schedule"),
      cell: (r) => t(`workflow.reports.schedule.${r.schedule}`),
      wide: true,
    },
  ];
  return (
    <DataTable
      id="reports"
      label={t("page.reportCatalog")}
      columns={columns}
      rows={reports}
      empty={<EmptyState icon="chart-column" title={t("workflow.reports.empty")} />}
      actions={(r) => (
        <>
          {!r.standard && (
            <IconButton
              icon="archive"
              href={`${CATALOG}/${r.id}/archive`}
              label={t("workflow.reports.archiveOf", { name: r.name })}
            />
          )}
          {canWrite && (
            <IconButton
              icon={r.standard ? "copy" : "pencil"}
              href={r.standard ? `${STUDIO}/new?from=${r.id}` : `${STUDIO}/${r.id}/edit`}
              label={t(r.standard ? "workflow.reports.copyNamed" : "workflow.reports.editNamed", {
                name: r.name,
              })}
            />
          )}
        </>
      )}
    />
  );
}

/** The report's chart (when it has one) and its rows as a table, formatted for the reader. */
export function ReportResult(
  { title, result, chart, id = "report-rows" }: {
    title: string;
    result: QueryResult;
    chart: Report["chart"];
    id?: string;
  },
) {
  const t = useT();
  const { locale: l, timeZone } = useReader();
  const option = chartOption(l, result, chart, timeZone);
  const columns: Column<Record<string, unknown>>[] = result.columns.map((c) => ({
    label: c.label,
    numeric: c.type === "number",
    cell: (row) => cellText(l, c, row[c.name], timeZone),
  }));
  return (
    <div>
      {option && <ChartCard title={title} option={option} id={`${id}-chart`} />}
      <DataTable
        id={id}
        label={title}
        columns={columns}
        rows={result.rows}
        empty={<EmptyState icon="chart-column" title={t("workflow.reports.noRows")} />}
      />
      <p class="muted">
        {t("workflow.reports.rowCount", { count: formatNumber(l, result.rows.length) })}
        {result.truncated && <>{" "}{t("workflow.reports.truncated")}</>}
      </p>
    </div>
  );
}

export function SnapshotTable({ rows }: { rows: Snapshot[] }) {
  const t = useT();
  const l = useReader().locale;
  const columns: Column<Snapshot>[] = [
    { label: t("workflow.reports.col.takenAt"), cell: (s) => <DateTime at={s.takenAt} /> },
    {
      label: t("workflow.reports.col.rows"),
      numeric: true,
      cell: (s) => formatNumber(l, s.rowCount),
    },
    {
      label: t("workflow.reports.col.takenBy"),
      cell: (s) => s.takenByName ?? t("workflow.reports.scheduled"),
      wide: true,
    },
  ];
  return (
    <DataTable
      id="snapshots"
      label={t("workflow.reports.archiveTitle")}
      columns={columns}
      rows={rows}
      empty={<EmptyState icon="archive" title={t("workflow.reports.noSnapshots")} />}
      actions={(s) => (
        <>
          {s.csvFileId && (
            <Button variant="ghost" small icon="download" href={FILE(s.csvFileId)}>
              {t("workflow.reports.csv")}
            </Button>
          )}
          {s.chartFileId && (
            <Button variant="ghost" small icon="image" href={FILE(s.chartFileId)}>
              {t("workflow.reports.svg")}
            </Button>
          )}
        </>
      )}
    />
  );
}
