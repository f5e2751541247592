import type { Actor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { type CsvColumn, toCsv } from "../../../shared/http/csv.ts";
import { ticketMinutes, ticketsWithTime, timeByAgent, timeByCustomer } from "./time.repo.ts";
import { decimalHours, reportPeriod } from "./time.rules.ts";
import type { TimeQuery, TimeReport, TimeRow } from "./time.schemas.ts";

/** Minutes recorded in a period, per agent or per customer, with ticket counts. */
export async function timeReport(actor: Actor, q: TimeQuery): Promise<TimeReport> {
  const period = reportPeriod(q);
  if ("error" in period) throw problems.validation([{ path: "query.from", message: period.error }]);
  const { from, to } = period;
  const rows = q.groupBy === "agent"
    ? await timeByAgent(actor.sql, from, to)
    : await timeByCustomer(actor.sql, from, to);
  return {
    from,
    to,
    groupBy: q.groupBy,
    rows,
    totalMinutes: rows.reduce((n, r) => n + r.minutes, 0),
    totalTickets: await ticketsWithTime(actor.sql, from, to),
  };
}

/** The report as a CSV file (the JSON's rows; hours as a decimal beside the minutes). */
export async function timeReportFile(actor: Actor, q: TimeQuery) {
  const report = await timeReport(actor, q);
  const columns: CsvColumn<TimeRow>[] = [
    { header: q.groupBy, value: (r) => r.name },
    { header: "minutes", value: (r) => r.minutes },
    { header: "hours", value: (r) => decimalHours(r.minutes) },
    { header: "tickets", value: (r) => r.tickets },
    { header: "comments", value: (r) => r.comments },
  ];
  return {
    filename: `support-time-${q.groupBy}-${report.from}-${report.to}.csv`,
    csv: toCsv(report.rows, columns),
  };
}

/** The total time recorded on a ticket. */
export async function ticketTime(actor: Actor, ticketId: string) {
  return await ticketMinutes(actor.sql, ticketId);
}
