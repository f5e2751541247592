/** The create/edit form of an alert (inside a Dialog, or on its own page without script). */
import { Field, useT } from "../../../ui/kit.ts";
import { AGGREGATES, type Alert, ALERT_KINDS, DIRECTIONS } from "./alerts.schemas.ts";
import { presetOf, SCHEDULE_PRESETS } from "./alerts.rules.ts";

export const ALERTS = "/analytics/alerts";

export interface FormWidget {
  id: string;
  title: string;
  /** Result columns the value may come from (fields and measures of the widget's query). */
  columns: string[];
  hasPeriod: boolean;
}

export interface Person {
  userId: string;
  name: string;
}

export function AlertForm(
  { widget, value, people, me }: {
    widget: FormWidget;
    value?: Alert;
    people: Person[];
    me: string;
  },
) {
  const t = useT();
  const action = value ? `${ALERTS}/${value.id}` : ALERTS;
  const preset = presetOf(value?.cron ?? SCHEDULE_PRESETS.hourly);
  const chosen = new Set(value?.recipients ?? [me]);
  const id = (name: string) => `alert-${value?.id ?? widget.id}-${name}`;
  return (
    <form class="form" method="post" action={action} data-alert-form="">
      <input type="hidden" name="widgetId" value={widget.id} />
      <p class="muted">
        {t("analytics.alerts.widget")}: <strong>{widget.title}</strong>
      </p>
      <div class="form-grid">
        <Field label={t("analytics.alerts.name")} wide>
          <input name="name" required maxLength={200} value={value?.name ?? widget.title} />
        </Field>
        <Field label={t("analytics.alerts.condition")}>
          <select name="kind">
            {ALERT_KINDS.map((k) => (
              <option value={k} selected={(value?.kind ?? "above") === k}>
                {t(`analytics.alerts.kind.${k}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label={t("analytics.alerts.threshold")}
          hint={t("analytics.alerts.thresholdHint")}
        >
          <input
            name="threshold"
            type="number"
            step="any"
            value={value?.threshold === null || value?.threshold === undefined
              ? ""
              : String(value.threshold)}
          />
        </Field>
        <Field label={t("analytics.alerts.direction")} hint={t("analytics.alerts.directionHint")}>
          <select name="direction">
            {DIRECTIONS.map((d) => (
              <option value={d} selected={(value?.direction ?? "any") === d}>
                {t(`analytics.alerts.direction.${d}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t("analytics.alerts.periodDays")} hint={t("analytics.alerts.periodHint")}>
          <input
            name="periodDays"
            type="number"
            min={1}
            max={3650}
            value={value?.periodDays ? String(value.periodDays) : ""}
          />
        </Field>
        <Field label={t("analytics.alerts.valueColumn")}>
          <select name="valueColumn">
            <option value="">{t("analytics.alerts.valueDefault")}</option>
            {widget.columns.map((c) => (
              <option value={c} selected={value?.valueColumn === c}>{c}</option>
            ))}
          </select>
        </Field>
        <Field label={t("analytics.alerts.aggregate")}>
          <select name="aggregate">
            {AGGREGATES.map((a) => (
              <option value={a} selected={(value?.aggregate ?? "first") === a}>
                {t(`analytics.alerts.aggregate.${a}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t("analytics.alerts.schedule")}>
          <select name="schedule">
            {Object.keys(SCHEDULE_PRESETS).map((p) => (
              <option value={p} selected={preset === p}>
                {t(`analytics.alerts.schedule.${p as "hourly"}`)}
              </option>
            ))}
            <option value="custom" selected={preset === "custom"}>
              {t("analytics.alerts.schedule.custom")}
            </option>
          </select>
        </Field>
        <Field label={t("analytics.alerts.cron")}>
          <input
            name="cron"
            maxLength={100}
            value={preset === "custom" ? value?.cron ?? "" : ""}
            placeholder="0 9 * * 1-5"
          />
        </Field>
      </div>
      <fieldset>
        <legend>{t("analytics.alerts.channels")}</legend>
        <div class="checks">
          <label>
            <input
              type="checkbox"
              name="notifyInbox"
              value="1"
              checked={value?.notifyInbox ?? true}
            />
            {t("analytics.alerts.channel.inbox")}
          </label>
          <label>
            <input
              type="checkbox"
              name="notifyEmail"
              value="1"
              checked={value?.notifyEmail ?? false}
            />
            {t("analytics.alerts.channel.email")}
          </label>
        </div>
      </fieldset>
      <fieldset>
        <legend>{t("analytics.alerts.recipients")}</legend>
        <div class="checks">
          {people.map((p) => (
            <label>
              <input
                type="checkbox"
                name="recipients"
                value={p.userId}
                checked={chosen.has(p.userId)}
              />
              {p.name}
            </label>
          ))}
        </div>
      </fieldset>
      <div class="form-grid">
        <Field label={t("analytics.alerts.emails")} wide>
          <textarea name="emails" rows={2} id={id("emails")}>
            {(value?.emails ?? []).join("\n")}
          </textarea>
        </Field>
        <Field label={t("analytics.alerts.webhookUrl")} wide>
          <input name="webhookUrl" type="url" maxLength={2000} value={value?.webhookUrl ?? ""} />
        </Field>
      </div>
      <div class="form-actions">
        <button type="submit" class="btn btn-primary">{t("analytics.alerts.save")}</button>
      </div>
    </form>
  );
}
