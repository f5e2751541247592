import {
  Button,
  Card,
  DataTable,
  EmptyState,
  Field,
  Filters,
  Grid,
  Kpi,
  UserChip,
  useReader,
  useT,
} from "../../../ui/kit.ts";
import { formatMinutes } from "./time.rules.ts";
import type { TimeReport, TimeRow } from "./time.schemas.ts";

/** A duration as people read it ("2 h 5 min"). */
export function Duration({ minutes }: { minutes: number }) {
  const { locale } = useReader();
  return <span class="support-duration">{formatMinutes(locale, minutes)}</span>;
}

function TimeTable({ report }: { report: TimeReport }) {
  const t = useT();
  const agent = report.groupBy === "agent";
  const who = (r: TimeRow) => r.name ?? t("support.time.unknown");
  return (
    <DataTable
      id="time-table"
      label={t("page.timeReport")}
      rows={report.rows}
      columns={[
        {
          label: t(agent ? "support.time.agent" : "support.time.customer"),
          cell: (r) =>
            agent
              ? <UserChip name={who(r)} />
              : r.id
              ? <a href={`/support/customers/${r.id}`}>{who(r)}</a>
              : who(r),
        },
        {
          label: t("support.time.spent"),
          numeric: true,
          cell: (r) => <Duration minutes={r.minutes} />,
        },
        { label: t("support.time.tickets"), numeric: true, cell: (r) => r.tickets },
        { label: t("support.time.comments"), numeric: true, wide: true, cell: (r) => r.comments },
      ]}
      empty={<EmptyState icon="timer" title={t("support.time.empty")} />}
    />
  );
}

/** The time report: period and grouping, the totals, the table and its CSV. */
export function TimeReportView({ report }: { report: TimeReport }) {
  const t = useT();
  const qs = new URLSearchParams({ from: report.from, to: report.to, groupBy: report.groupBy });
  return (
    <div id="time-panel">
      <Filters action="/support/reports/time" target="#time-report" label={t("support.filters")}>
        <Field label={t("support.time.groupBy")}>
          <select id="time-group" name="groupBy">
            {(["agent", "customer"] as const).map((g) => (
              <option value={g} selected={g === report.groupBy}>{t(`support.time.${g}`)}</option>
            ))}
          </select>
        </Field>
        <Field label={t("support.report.from")}>
          <input id="time-from" name="from" type="date" value={report.from} />
        </Field>
        <Field label={t("support.report.to")}>
          <input id="time-to" name="to" type="date" value={report.to} />
        </Field>
      </Filters>
      <div id="time-report">
        <Grid size="sm">
          <Kpi
            label={t("support.time.total")}
            icon="timer"
            value={
              <span data-testid="time-total">
                <Duration minutes={report.totalMinutes} />
              </span>
            }
          />
          <Kpi label={t("support.time.totalTickets")} icon="ticket" value={report.totalTickets} />
        </Grid>
        <Card
          title={t("page.timeReport")}
          flush
          actions={
            <Button
              href={`/support/reports/time.csv?${qs}`}
              variant="secondary"
              small
              icon="download"
            >
              {t("support.report.csv")}
            </Button>
          }
        >
          <TimeTable report={report} />
        </Card>
      </div>
    </div>
  );
}
