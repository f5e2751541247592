/**
 * /analytics/alerts: the alerts of the applications shared with the reader (one application
 * with ?app=), the create form a dashboard widget's "Create alert" opens in a dialog (or as a
 * page without script), and one alert with its actions (check now, mute, snooze, edit, delete)
 * and its history.
 */
import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import {
  attempt,
  type C,
  type Flash,
  type Form,
  isHtmx,
  many,
  one,
  pathId,
  readForm,
  redirectAfterPost,
  type Status,
} from "../../../shared/http/pages.ts";
import { problems } from "../../../shared/http/problem.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { Card, html, page, Toast } from "../../../ui/kit.ts";
import { getApp, listApps } from "../apps/apps.service.ts";
import { AlertInput, AlertPatch } from "./alerts.schemas.ts";
import { SCHEDULE_PRESETS } from "./alerts.rules.ts";
import {
  alertHistory,
  alertPeople,
  checkNow,
  createAlert,
  formWidget,
  listAlerts,
  loadAlert,
  mayEdit,
  patchAlert,
  removeAlert,
} from "./alerts.service.ts";
import { AlertActions, AlertFacts, AlertsTable } from "./alerts.view.tsx";
import { ChecksTable, FiringsTable } from "./alerts.history.view.tsx";
import { AlertForm, ALERTS } from "./alerts.form.view.tsx";

function parsed<S extends typeof AlertInput | typeof AlertPatch>(schema: S, input: unknown) {
  const r = schema.safeParse(input);
  if (!r.success) {
    throw problems.validation(
      r.error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message })),
    );
  }
  return r.data;
}

const numberOrNull = (v: string) => (v === "" ? null : Number(v));

/** The form's fields as the API's input (the schedule preset becomes its cron expression). */
function formInput(form: Form) {
  const schedule = one(form.schedule);
  const cron = schedule in SCHEDULE_PRESETS
    ? SCHEDULE_PRESETS[schedule as keyof typeof SCHEDULE_PRESETS]
    : one(form.cron);
  return {
    name: one(form.name),
    kind: one(form.kind),
    threshold: numberOrNull(one(form.threshold)),
    direction: one(form.direction) || "any",
    valueColumn: one(form.valueColumn) || null,
    aggregate: one(form.aggregate) || "first",
    periodDays: numberOrNull(one(form.periodDays)),
    cron,
    notifyInbox: one(form.notifyInbox) === "1",
    notifyEmail: one(form.notifyEmail) === "1",
    webhookUrl: one(form.webhookUrl) || null,
    recipients: many(form.recipients as string[]),
    emails: one(form.emails).split(/[\s,;]+/).filter(Boolean),
  };
}

async function listPage(c: C, flash?: Flash, status: Status = 200) {
  const actor = actorOf(c);
  const appId = c.req.query("app") || undefined;
  const app = appId ? await getApp(actor, appId) : null;
  const { items, nextCursor } = await listAlerts(actor, {
    appId,
    limit: 25,
    cursor: c.req.query("cursor") || undefined,
  });
  const { items: apps } = await listApps(actor);
  const l = c.var.locale;
  const more = nextCursor
    ? `${ALERTS}?${new URLSearchParams({ ...(appId ? { app: appId } : {}), cursor: nextCursor })}`
    : undefined;
  return await page(
    c,
    app ? `${t(l, "analytics.alerts.title")} · ${app.name}` : t(l, "analytics.alerts.title"),
    <>
      {flash && <Toast flash={flash} />}
      <form method="get" action={ALERTS} class="inline" hx-boost="true">
        <label class="field">
          <span class="field-label">{t(l, "analytics.alerts.application")}</span>
          <select name="app">
            <option value="">{t(l, "analytics.alerts.allApps")}</option>
            {apps.map((a) => <option value={a.id} selected={a.id === appId}>{a.name}</option>)}
          </select>
        </label>
        <button type="submit" class="btn btn-secondary">{t(l, "analytics.dash.apply")}</button>
      </form>
      <Card flush>
        <AlertsTable alerts={items} more={more} />
      </Card>
    </>,
    {
      status,
      crumbs: [{ label: t(l, "module.analytics") }],
      description: t(l, "analytics.alerts.description"),
    },
  );
}

/** The create form: a fragment for the dashboard's dialog, a page of its own otherwise. */
async function newPage(c: C, widgetId: string, flash?: Flash, status: Status = 200) {
  const actor = actorOf(c);
  const widget = await formWidget(actor, widgetId);
  const form = (
    <>
      {flash && <Toast flash={flash} />}
      <AlertForm widget={widget} people={await alertPeople(actor)} me={c.var.session.userId} />
    </>
  );
  if (isHtmx(c)) return html(c, form, status);
  const l = c.var.locale;
  return await page(c, t(l, "analytics.alerts.create"), <Card>{form}</Card>, {
    status,
    crumbs: [{ label: t(l, "module.analytics") }, {
      label: t(l, "analytics.alerts.title"),
      href: ALERTS,
    }],
  });
}

async function alertPage(c: C, id: string, flash?: Flash, status: Status = 200) {
  const actor = actorOf(c);
  const { alert, level } = await loadAlert(actor, id);
  const history = await alertHistory(actor, id);
  const canEdit = mayEdit(actor, alert, level);
  const l = c.var.locale;
  const widget = canEdit ? await formWidget(actor, alert.widgetId).catch(() => null) : null;
  return await page(
    c,
    alert.name,
    <>
      {flash && <Toast flash={flash} />}
      <AlertFacts alert={alert} />
      <Card title={t(l, "analytics.alerts.history")} flush>
        <FiringsTable firings={history.firings} />
      </Card>
      <Card title={t(l, "analytics.alerts.checks")} flush>
        <ChecksTable checks={history.checks} />
      </Card>
    </>,
    {
      status,
      crumbs: [{ label: t(l, "module.analytics") }, {
        label: t(l, "analytics.alerts.title"),
        href: `${ALERTS}?app=${alert.appId}`,
      }],
      actions: canEdit && widget
        ? (
          <AlertActions
            alert={alert}
            canEdit={canEdit}
            widget={widget}
            people={await alertPeople(actor)}
            me={c.var.session.userId}
          />
        )
        : undefined,
    },
  );
}

const SNOOZE_MS = { "1h": 3_600_000, "1d": 86_400_000, "1w": 7 * 86_400_000 } as const;

export function mountAlertPages(app: Hono<AppEnv>) {
  const read = requirePermission("analytics.app.read");
  /** A form post on an alert: redirect on success, the alert's page with the message else. */
  const post = (path: string, run: (c: C, form: Form, id: string) => Promise<string>) =>
    app.post(path, read, async (c) => {
      const id = pathId(c);
      const form = await readForm(c);
      const done = await attempt(() => run(c, form, id));
      return done.ok
        ? redirectAfterPost(c, done.value)
        : await alertPage(c, id, done.flash, done.status);
    });

  app.get("/alerts", read, (c) => listPage(c));
  app.get("/alerts/new", read, (c) => {
    const widgetId = c.req.query("widget") ?? "";
    return newPage(c, widgetId);
  });
  app.post("/alerts", read, async (c) => {
    const form = await readForm(c);
    const widgetId = one(form.widgetId);
    const done = await attempt(async () => {
      const input = parsed(AlertInput, { widgetId, ...formInput(form) });
      return await createAlert(actorOf(c), input as AlertInput);
    });
    return done.ok
      ? redirectAfterPost(c, `${ALERTS}/${done.value.id}`)
      : await newPage(c, widgetId, done.flash, done.status);
  });
  app.get("/alerts/:id", read, (c) => alertPage(c, pathId(c)));
  post("/alerts/:id", async (c, form, id) => {
    await patchAlert(actorOf(c), { id, patch: parsed(AlertPatch, formInput(form)) as AlertPatch });
    return `${ALERTS}/${id}`;
  });
  post("/alerts/:id/mute", async (c, _form, id) => {
    await patchAlert(actorOf(c), { id, patch: { muted: true } });
    return `${ALERTS}/${id}`;
  });
  post("/alerts/:id/unmute", async (c, _form, id) => {
    await patchAlert(actorOf(c), { id, patch: { muted: false } });
    return `${ALERTS}/${id}`;
  });
  post("/alerts/:id/snooze", async (c, form, id) => {
    const span = SNOOZE_MS[one(form.for) as keyof typeof SNOOZE_MS] ?? SNOOZE_MS["1h"];
    const until = new Date(Date.now() + span).toISOString();
    await patchAlert(actorOf(c), { id, patch: { snoozedUntil: until } });
    return `${ALERTS}/${id}`;
  });
  post("/alerts/:id/unsnooze", async (c, _form, id) => {
    await patchAlert(actorOf(c), { id, patch: { snoozedUntil: null } });
    return `${ALERTS}/${id}`;
  });
  post("/alerts/:id/check", async (c, _form, id) => {
    await checkNow(actorOf(c), id);
    return `${ALERTS}/${id}`;
  });
  post("/alerts/:id/delete", async (c, _form, id) => {
    const { alert } = await loadAlert(actorOf(c), id);
    await removeAlert(actorOf(c), id);
    return `${ALERTS}?app=${alert.appId}`;
  });
}
