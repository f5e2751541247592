import type { OpenAPIHono, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { type CsvColumn, csvResponse, toCsv } from "../../../shared/http/csv.ts";
import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import type { EntryRow } from "./time.schemas.ts";
import {
  changeEntry,
  createEntry,
  currentTimer,
  exportEntries,
  getEntry,
  listEntries,
  removeEntry,
  startTimer,
  stopTimer,
  timeSummary,
} from "./time.service.ts";
import {
  createEntryRoute,
  deleteEntryRoute,
  getEntryRoute,
  getTimerRoute,
  listEntriesRoute,
  startTimerRoute,
  stopTimerRoute,
  timeSummaryRoute,
  updateEntryRoute,
} from "./time.routes.ts";

export const getTimerHandler: RouteHandler<typeof getTimerRoute, AppEnv> = async (c) =>
  c.json(await currentTimer(actorOf(c)), 200);

export const startTimerHandler: RouteHandler<typeof startTimerRoute, AppEnv> = async (c) =>
  c.json(await startTimer(actorOf(c), c.req.valid("json")), 200);

export const stopTimerHandler: RouteHandler<typeof stopTimerRoute, AppEnv> = async (c) =>
  c.json(await stopTimer(actorOf(c)), 200);

export const listEntriesHandler: RouteHandler<typeof listEntriesRoute, AppEnv> = async (c) => {
  const { format, ...q } = c.req.valid("query");
  if (format === "csv") {
    const rows = await exportEntries(actorOf(c), q);
    return csvResponse(c, "time-entries.csv", entriesCsv(c.var.locale, rows));
  }
  return c.json(await listEntries(actorOf(c), q), 200);
};

export const createEntryHandler: RouteHandler<typeof createEntryRoute, AppEnv> = async (c) =>
  c.json(await createEntry(actorOf(c), c.req.valid("json")), 201);

export const getEntryHandler: RouteHandler<typeof getEntryRoute, AppEnv> = async (c) =>
  c.json(await getEntry(actorOf(c), c.req.valid("param").id), 200);

export const updateEntryHandler: RouteHandler<typeof updateEntryRoute, AppEnv> = async (c) =>
  c.json(
    await changeEntry(actorOf(c), { id: c.req.valid("param").id, input: c.req.valid("json") }),
    200,
  );

export const deleteEntryHandler: RouteHandler<typeof deleteEntryRoute, AppEnv> = async (c) => {
  await removeEntry(actorOf(c), c.req.valid("param").id);
  return c.body(null, 204);
};

export const timeSummaryHandler: RouteHandler<typeof timeSummaryRoute, AppEnv> = async (c) =>
  c.json(await timeSummary(actorOf(c), c.req.valid("query")), 200);

/** The time-tracking routes of /api/projects. */
export function mountTime(app: OpenAPIHono<AppEnv>) {
  app.openapi(getTimerRoute, getTimerHandler);
  app.openapi(startTimerRoute, startTimerHandler);
  app.openapi(stopTimerRoute, stopTimerHandler);
  app.openapi(listEntriesRoute, listEntriesHandler);
  app.openapi(createEntryRoute, createEntryHandler);
  app.openapi(getEntryRoute, getEntryHandler);
  app.openapi(updateEntryRoute, updateEntryHandler);
  app.openapi(deleteEntryRoute, deleteEntryHandler);
  app.openapi(timeSummaryRoute, timeSummaryHandler);
}

/**
 * The export: one row per entry, headers in the reader's language; toCsv quotes cells and
 * prefixes those a spreadsheet would run as a formula (= + - @).
 */
function entriesCsv(l: Locale, rows: EntryRow[]) {
  const yes = t(l, "time.csv.yes");
  const no = t(l, "time.csv.no");
  return toCsv(rows, [
    { header: t(l, "time.csv.date"), value: (r) => r.entryDate },
    { header: t(l, "time.csv.person"), value: (r) => r.userName ?? "" },
    { header: t(l, "time.csv.project"), value: (r) => r.projectName },
    { header: t(l, "time.csv.task"), value: (r) => r.taskTitle },
    { header: t(l, "time.csv.minutes"), value: (r) => r.minutes },
    { header: t(l, "time.csv.hours"), value: (r) => (r.minutes / 60).toFixed(2) },
    { header: t(l, "time.csv.billable"), value: (r) => (r.billable ? yes : no) },
    { header: t(l, "time.csv.note"), value: (r) => r.note },
    { header: t(l, "time.csv.running"), value: (r) => (r.running ? yes : "") },
  ] as CsvColumn<EntryRow>[]);
}
