/**
 * One check of an alert, in one transaction: the alert row is locked first, so two checks at
 * the same time (two instances, a scheduled check and "check now") run one after the other and
 * the second sees the state the first left; the state is also saved only `where state = $old`.
 * The widget's query runs as the alert's owner (their access and row rules); an owner who lost
 * access puts the alert in the error state and nothing is sent. A firing or recovery is recorded
 * and announced only when the state changes; while muted or snoozed it is recorded, not sent.
 */
import type { SystemActor } from "../../../shared/http/actor.ts";
import { Problem } from "../../../shared/http/problem.ts";
import { enqueue } from "../../../shared/jobs/queue.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { memberLocale } from "../../../platform/identity/public.ts";
import { escapeHtml, notify, queueMail } from "../../../platform/notifications/public.ts";
import type { AnalyticsQuery, QueryResult } from "../query/query.types.schemas.ts";
import { runQuery } from "../query/query.service.ts";
import { loadWidget } from "../dashboard/widgets.service.ts";
import { kpiPeriods, mapping, withFilters } from "../dashboard/widgets.rules.ts";
import { chartOption, chartsReady, renderSvg } from "../dashboard/widgets.charts.lib.ts";
import type { Widget } from "../dashboard/widgets.schemas.ts";
import { svgToPng } from "../render/render.lib.ts";
import { actAs, insertFiring, saveCheck, selectAlert } from "./alerts.repo.ts";
import {
  announcesRecovery,
  conditionHolds,
  formatValue,
  isSilenced,
  pickValue,
  transition,
} from "./alerts.rules.ts";
import { firstNumericColumn, publicOrigin, valueSvg } from "./alerts.lib.ts";
import type { Alert, AlertState, CheckResult } from "./alerts.schemas.ts";
import { memberActor, membersWithAccess } from "./alerts.people.service.ts";

export const ALERT_WEBHOOK_JOB = "analytics.alert-webhook";
export const CHART_SOURCE = "analytics-alert-chart";

interface Observation {
  widget: Widget;
  result: QueryResult;
  value: number | null;
  previous: number | null;
}

/** Why a check could not observe anything, in the owner's language (shown on the page). */
class CheckFailed extends Error {}

/** Runs the widget's query (and for a change alert both periods) as `owner`. */
async function observe(
  owner: SystemActor & { session: { userId: string } },
  alert: Alert,
  locale: string,
  now: Date,
): Promise<Observation> {
  let widget: Widget;
  try {
    ({ widget } = await loadWidget(owner as never, { id: alert.widgetId, level: "view" }));
  } catch (err) {
    if (err instanceof Problem && (err.status === 404 || err.status === 403)) {
      throw new CheckFailed(t(locale, "analytics.alerts.err.ownerAccess"));
    }
    throw err;
  }
  const query = widget.query as AnalyticsQuery;
  const run = async (q: AnalyticsQuery) => {
    try {
      return await runQuery(owner, { query: q, locale });
    } catch (err) {
      if (!(err instanceof Problem)) throw err;
      const reason = err.errors?.[0]?.message ?? err.detail ?? "";
      throw new CheckFailed(t(locale, "analytics.alerts.err.query", { reason }));
    }
  };
  const result = await run(query);
  const column = alert.valueColumn ?? mapping(widget).value ??
    firstNumericColumn(result.columns, result.rows) ?? "";
  if (alert.kind !== "change") {
    return {
      widget,
      result,
      value: pickValue(result.rows, column, alert.aggregate),
      previous: null,
    };
  }
  const field = alert.periodField ?? widget.options.trendField;
  if (!field) throw new CheckFailed(t(locale, "analytics.alerts.err.noPeriod"));
  const p = kpiPeriods(field, alert.periodDays ?? widget.options.trendDays ?? 7, now);
  const current = await run(withFilters(query, p.current));
  const previous = await run(withFilters(query, p.previous));
  return {
    widget,
    result,
    value: pickValue(current.rows, column, alert.aggregate),
    previous: pickValue(previous.rows, column, alert.aggregate),
  };
}

/**
 * Checks one alert in the caller's transaction (scoped to its tenant). Null when the alert is
 * gone. `tenantId` is the transaction's tenant (the owner's session carries it).
 */
export async function checkAlert(
  system: SystemActor,
  { alertId, tenantId, now = new Date() }: { alertId: string; tenantId: string; now?: Date },
): Promise<CheckResult | null> {
  const { sql } = system;
  const alert = await selectAlert(sql, alertId, true);
  if (!alert) return null;
  const locale = await memberLocale(sql, alert.ownerId);
  let seen: Observation | null = null;
  let error: string | null = null;
  const owner = await memberActor(system, alert.ownerId, tenantId);
  if (!owner) error = t(locale, "analytics.alerts.err.ownerAccess");
  else {
    const before = await actAs(sql, alert.ownerId);
    try {
      seen = await observe(owner, alert, locale, now);
    } catch (err) {
      if (!(err instanceof CheckFailed)) throw err;
      error = err.message;
    } finally {
      await actAs(sql, before);
    }
  }
  const holds = seen !== null &&
    conditionHolds(alert, {
      value: seen.value,
      previous: seen.previous,
      rowCount: seen.result.rows.length,
    });
  const state: AlertState = error ? "error" : holds ? "firing" : "ok";
  const value = seen?.value ?? null;
  const changed = error ? "none" : transition(alert.state, holds);
  const saved = await saveCheck(sql, alert.id, { expected: alert.state, state, value, error });
  if (!saved) return { state: alert.state, value, changed: "none", error };
  if (seen && (changed === "fired" || (changed === "recovered" && announcesRecovery(alert.kind)))) {
    await announce(system, {
      alert,
      seen,
      kind: changed === "fired" ? "firing" : "recovery",
      tenantId,
      now,
    });
  }
  return { state, value, changed, error };
}

/** The condition in words, e.g. "above 3". */
export function conditionText(alert: Pick<Alert, "kind" | "threshold">, locale: string) {
  return t(locale, `analytics.alerts.summary.${alert.kind}`, {
    threshold: formatValue(alert.threshold, locale),
  });
}

/** The chart the recipients see: the widget's own chart, or its number for KPI and tables. */
async function chartPng(seen: Observation, locale: string): Promise<Uint8Array> {
  const { widget, result } = seen;
  const option = chartOption(widget.chartType, result, mapping(widget), widget.options);
  if (!option) return await svgToPng(valueSvg(widget.title, formatValue(seen.value, locale)), 2);
  await chartsReady();
  return await svgToPng(renderSvg(option as never, 640, 320), 2);
}

function texts(
  alert: Alert,
  seen: Observation,
  kind: "firing" | "recovery",
  locale: string,
) {
  const vars = {
    name: alert.name,
    widget: seen.widget.title,
    value: formatValue(seen.value, locale),
    condition: conditionText(alert, locale),
  };
  return kind === "firing"
    ? {
      title: t(locale, "analytics.alerts.notice.fired", vars),
      body: t(locale, "analytics.alerts.notice.firedBody", vars),
    }
    : {
      title: t(locale, "analytics.alerts.notice.recovered", vars),
      body: t(locale, "analytics.alerts.notice.recoveredBody", vars),
    };
}

/** Sends a firing or recovery on the alert's channels and records it with what went out. */
async function announce(
  system: SystemActor,
  input: {
    alert: Alert;
    seen: Observation;
    kind: "firing" | "recovery";
    tenantId: string;
    now: Date;
  },
) {
  const { alert, seen, kind, tenantId } = input;
  const { sql } = system;
  const link = `/analytics/alerts/${alert.id}`;
  const mailLink = `${publicOrigin()}${link}`;
  const silenced = isSilenced(alert, input.now);
  const people = silenced
    ? []
    : await membersWithAccess(system, { userIds: alert.recipients, appId: alert.appId, tenantId });
  const channels: string[] = [];
  const ownerLocale = await memberLocale(sql, alert.ownerId);
  const mails: { to: string; locale: string }[] = [];
  if (!silenced && alert.notifyEmail) {
    const seenAddress = new Set<string>();
    for (const p of people) {
      if (seenAddress.has(p.email.toLowerCase())) continue;
      seenAddress.add(p.email.toLowerCase());
      mails.push({ to: p.email, locale: await memberLocale(sql, p.userId) });
    }
    for (const e of alert.emails) {
      if (seenAddress.has(e.toLowerCase())) continue;
      seenAddress.add(e.toLowerCase());
      mails.push({ to: e, locale: ownerLocale });
    }
  }
  const png = mails.length ? await chartPng(seen, ownerLocale) : null;
  if (!silenced && alert.notifyInbox && people.length) channels.push("inbox");
  if (mails.length) channels.push("email");
  const webhook = !silenced && alert.webhookUrl !== null;
  if (webhook) channels.push("webhook");
  const firingId = await insertFiring(sql, {
    alertId: alert.id,
    kind,
    value: seen.value,
    threshold: alert.threshold,
    channels,
    silenced,
    webhook,
    png,
  });
  if (channels.includes("inbox")) {
    for (const p of people) {
      const text = texts(alert, seen, kind, await memberLocale(sql, p.userId));
      await notify(system, {
        userId: p.userId,
        module: "analytics",
        title: text.title,
        body: text.body,
        link,
      });
    }
  }
  for (const m of mails) {
    const text = texts(alert, seen, kind, m.locale);
    const open = t(m.locale, "analytics.alerts.mail.open");
    const chart = t(m.locale, "analytics.alerts.mail.chart");
    await queueMail({ sql }, {
      to: m.to,
      subject: text.title,
      text: `${text.body}\n\n${chart}\n${open}: ${mailLink}`,
      html: `<p>${escapeHtml(text.body)}</p><p>${escapeHtml(chart)}</p>` +
        `<p><a href="${escapeHtml(mailLink)}">${escapeHtml(open)}</a></p>`,
      attachments: [{
        source: CHART_SOURCE,
        id: firingId,
        name: `${fileName(seen.widget.title)}.png`,
        contentType: "image/png",
      }],
      autoSubmitted: "auto-generated",
    });
  }
  if (webhook) {
    await enqueue(sql, ALERT_WEBHOOK_JOB, {
      payload: { firingId },
      dedupeKey: `alert-webhook:${firingId}`,
      maxAttempts: 5,
      backoffSeconds: 30,
    });
  }
}

const fileName = (title: string) =>
  title.normalize("NFKD").replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "") || "chart";
