/** Alerts' pages: the list, one alert with its actions and history. */
import {
  Badge,
  Button,
  Card,
  DataTable,
  DateTime,
  Dialog,
  EmptyState,
  RelativeTime,
  Toast,
  type Tone,
  useReader,
  useT,
} from "../../../ui/kit.ts";
import { formatValue, presetOf } from "./alerts.rules.ts";
import type { Alert, AlertState } from "./alerts.schemas.ts";
import { AlertForm, ALERTS, type FormWidget, type Person } from "./alerts.form.view.tsx";

const STATE_TONE: Record<AlertState, Tone> = { ok: "green", firing: "red", error: "amber" };

export function AlertStateBadge({ state }: { state: AlertState }) {
  const t = useT();
  return <Badge tone={STATE_TONE[state]}>{t(`analytics.alerts.state.${state}`)}</Badge>;
}

/** The condition in words ("Goes above 3"). */
export function ConditionText({ alert }: { alert: Pick<Alert, "kind" | "threshold"> }) {
  const t = useT();
  const { locale } = useReader();
  return (
    <span>
      {t(`analytics.alerts.summary.${alert.kind}`, {
        threshold: formatValue(alert.threshold, locale),
      })}
    </span>
  );
}

/** The schedule in words; a custom cron expression only says it is custom. */
export function ScheduleText({ cron }: { cron: string }) {
  const t = useT();
  const p = presetOf(cron);
  return (
    <span title={p === "custom" ? cron : undefined}>{t(`analytics.alerts.schedule.${p}`)}</span>
  );
}

function Quiet({ alert }: { alert: Alert }) {
  const t = useT();
  const { now } = useReader();
  if (alert.muted) return <Badge tone="gray">{t("analytics.alerts.muted")}</Badge>;
  if (alert.snoozedUntil && new Date(alert.snoozedUntil).getTime() > now) {
    return (
      <Badge tone="gray">
        {t("analytics.alerts.snooze")}: <RelativeTime at={alert.snoozedUntil} />
      </Badge>
    );
  }
  return null;
}

export function AlertsTable({ alerts, more }: { alerts: Alert[]; more?: string }) {
  const t = useT();
  const { locale } = useReader();
  return (
    <DataTable
      id="alerts"
      label={t("analytics.alerts.title")}
      rows={alerts}
      columns={[
        {
          label: t("analytics.alerts.name"),
          cell: (a) => <a href={`${ALERTS}/${a.id}`}>{a.name}</a>,
        },
        { label: t("analytics.alerts.widget"), cell: (a) => a.widgetTitle, wide: true },
        { label: t("analytics.alerts.condition"), cell: (a) => <ConditionText alert={a} /> },
        {
          label: t("analytics.alerts.state"),
          cell: (a) => (
            <span class="checks">
              <AlertStateBadge state={a.state} /> <Quiet alert={a} />
            </span>
          ),
        },
        {
          label: t("analytics.alerts.lastValue"),
          cell: (a) => formatValue(a.lastValue, locale),
          numeric: true,
        },
        {
          label: t("analytics.alerts.lastChecked"),
          cell: (a) => <RelativeTime at={a.lastCheckedAt} />,
        },
      ]}
      empty={<EmptyState icon="bell" title={t("analytics.alerts.empty")} />}
      more={more ? { href: more, label: t("analytics.alerts.more") } : undefined}
    />
  );
}

/** A small form posting one action of the alert (mute, snooze, check now…). */
function Action(
  { alert, path, label, icon, variant = "secondary", fields, confirm }: {
    alert: Alert;
    path: string;
    label: string;
    icon: string;
    variant?: "secondary" | "danger" | "primary";
    fields?: Record<string, string>;
    confirm?: string;
  },
) {
  const url = `${ALERTS}/${alert.id}/${path}`;
  return (
    <form method="post" action={url} hx-post={url} class="inline" hx-confirm={confirm}>
      {Object.entries(fields ?? {}).map(([k, v]) => <input type="hidden" name={k} value={v} />)}
      <Button type="submit" variant={variant} icon={icon}>{label}</Button>
    </form>
  );
}

export function AlertActions(
  { alert, canEdit, widget, people, me }: {
    alert: Alert;
    canEdit: boolean;
    widget: FormWidget;
    people: Person[];
    me: string;
  },
) {
  const t = useT();
  const { now } = useReader();
  if (!canEdit) return null;
  const snoozed = alert.snoozedUntil !== null && new Date(alert.snoozedUntil).getTime() > now;
  return (
    <>
      <Action alert={alert} path="check" label={t("analytics.alerts.checkNow")} icon="refresh-cw" />
      {alert.muted
        ? <Action alert={alert} path="unmute" label={t("analytics.alerts.unmute")} icon="bell" />
        : <Action alert={alert} path="mute" label={t("analytics.alerts.mute")} icon="bell-off" />}
      {snoozed
        ? (
          <Action
            alert={alert}
            path="unsnooze"
            label={t("analytics.alerts.unsnooze")}
            icon="alarm-clock-off"
          />
        )
        : (
          <Dialog
            id="alert-snooze"
            title={t("analytics.alerts.snooze")}
            trigger={t("analytics.alerts.snooze")}
            icon="alarm-clock"
            variant="secondary"
            closeLabel={t("analytics.dash.close")}
          >
            <div class="checks">
              {(["1h", "1d", "1w"] as const).map((d) => (
                <Action
                  alert={alert}
                  path="snooze"
                  fields={{ for: d }}
                  label={t(`analytics.alerts.snooze.${d}`)}
                  icon="clock"
                />
              ))}
            </div>
          </Dialog>
        )}
      <Dialog
        id="alert-edit"
        title={t("analytics.alerts.edit")}
        trigger={t("analytics.alerts.edit")}
        icon="pencil"
        variant="secondary"
        closeLabel={t("analytics.dash.close")}
        wide
      >
        <AlertForm widget={widget} value={alert} people={people} me={me} />
      </Dialog>
      <Action
        alert={alert}
        path="delete"
        label={t("analytics.alerts.delete")}
        icon="trash-2"
        variant="danger"
        confirm={t("analytics.alerts.deleteConfirm")}
      />
    </>
  );
}

export function AlertFacts({ alert }: { alert: Alert }) {
  const t = useT();
  const { locale } = useReader();
  const channels = [
    alert.notifyInbox && t("analytics.alerts.channel.inbox"),
    alert.notifyEmail && t("analytics.alerts.channel.email"),
    alert.webhookUrl && t("analytics.alerts.channel.webhook"),
  ].filter(Boolean).join(", ");
  return (
    <Card>
      {alert.state === "error" && alert.lastError && (
        <Toast
          flash={{ kind: "error", text: `${t("analytics.alerts.error")}: ${alert.lastError}` }}
        />
      )}
      <dl class="facts">
        <div>
          <dt>{t("analytics.alerts.state")}</dt>
          <dd class="checks">
            <AlertStateBadge state={alert.state} /> <Quiet alert={alert} />
          </dd>
        </div>
        <div>
          <dt>{t("analytics.alerts.widget")}</dt>
          <dd>{alert.widgetTitle}</dd>
        </div>
        <div>
          <dt>{t("analytics.alerts.condition")}</dt>
          <dd>
            <ConditionText alert={alert} />
          </dd>
        </div>
        <div>
          <dt>{t("analytics.alerts.lastValue")}</dt>
          <dd>{formatValue(alert.lastValue, locale)}</dd>
        </div>
        <div>
          <dt>{t("analytics.alerts.schedule")}</dt>
          <dd>
            <ScheduleText cron={alert.cron} />
          </dd>
        </div>
        <div>
          <dt>{t("analytics.alerts.lastChecked")}</dt>
          <dd>
            {alert.lastCheckedAt
              ? <RelativeTime at={alert.lastCheckedAt} />
              : t("analytics.alerts.never")}
          </dd>
        </div>
        <div>
          <dt>{t("analytics.alerts.nextCheck")}</dt>
          <dd>
            <DateTime at={alert.nextCheckAt} />
          </dd>
        </div>
        <div>
          <dt>{t("analytics.alerts.channels")}</dt>
          <dd>{channels || "—"}</dd>
        </div>
        <div>
          <dt>{t("analytics.alerts.owner")}</dt>
          <dd>{alert.ownerName}</dd>
        </div>
      </dl>
    </Card>
  );
}
