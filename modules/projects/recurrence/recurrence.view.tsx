import { Button, Card, Dialog, Field, type Flash, Toast, useT } from "../../../ui/kit.ts";
import { DateTime } from "../../../ui/kit.ts";
import type { RecurrenceView } from "./recurrence.schemas.ts";
import { parseRule, type Preset, presetOf, WEEKDAY_CODES, zoneNames } from "./recurrence.rules.ts";

const PRESETS: Preset[] = ["daily", "weekly", "monthly", "custom"];

/** The task page's recurrence block: the rule in words, the next dates, the series. */
export function RecurrenceCard(
  { recurrence: r, canWrite, flash }: {
    recurrence: RecurrenceView;
    canWrite: boolean;
    flash?: Flash;
  },
) {
  const t = useT();
  const others = r.occurrences.filter((o) => o.taskId !== r.taskId);
  return (
    <Card
      id="pj-recurrence"
      title={t("projects.recurrence.title")}
      actions={canWrite && (
        <>
          <RecurrenceDialog r={r} />
          {r.rule && (
            <form
              method="post"
              action={`/projects/tasks/${r.taskId}/recurrence/stop`}
              hx-post={`/projects/tasks/${r.taskId}/recurrence/stop`}
              hx-target="#pj-recurrence"
              hx-swap="outerHTML"
              class="inline"
            >
              <Button type="submit" variant="secondary" icon="repeat-off" small>
                {t("projects.recurrence.stop")}
              </Button>
            </form>
          )}
        </>
      )}
    >
      {flash && <Toast flash={flash} />}
      {r.rule
        ? (
          <>
            <p class="pj-recur-text">
              <strong>{r.text}</strong>
            </p>
            <p class="muted">
              {t("projects.recurrence.mode")}: {t(`projects.recurrence.mode.${r.mode!}`)}
            </p>
            <h3 class="pj-sub">{t("projects.recurrence.next")}</h3>
            {r.nextDates.length
              ? (
                <ul class="pj-links pj-recur-dates">
                  {r.nextDates.map((d) => (
                    <li>
                      <DateTime at={d.date} dateOnly />
                    </li>
                  ))}
                </ul>
              )
              : <p class="muted">{t("projects.recurrence.ended")}</p>}
            <p class="muted pj-recur-zone">
              {t("projects.recurrence.zone", { zone: r.timeZone.replaceAll("_", " ") })}
            </p>
          </>
        )
        : <p class="muted">{t("projects.recurrence.none")}</p>}
      {others.length > 0 && (
        <>
          <h3 class="pj-sub">{t("projects.recurrence.occurrences")}</h3>
          <ul class="pj-links pj-recur-series">
            {r.occurrences.map((o) => (
              <li>
                <DateTime at={o.date} dateOnly /> {o.taskId === r.taskId
                  ? <span class="muted">({t("projects.recurrence.current")})</span>
                  : o.taskId
                  ? <a href={`/projects/tasks/${o.taskId}`}>{o.title}</a>
                  : <span class="muted">({t("projects.recurrence.deleted")})</span>}
                {o.done && o.taskId !== null && (
                  <span class="muted">{` · ${t("projects.recurrence.done")}`}</span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

function RecurrenceDialog({ r }: { r: RecurrenceView }) {
  const t = useT();
  const parsed = r.rule ? parseRule(r.rule) : null;
  const now = parsed?.ok
    ? presetOf(parsed.value)
    : { preset: "weekly" as Preset, interval: 1, days: [] as string[], monthDay: null };
  const action = `/projects/tasks/${r.taskId}/recurrence`;
  return (
    <Dialog
      id="pj-recur-dialog"
      title={t("projects.recurrence.title")}
      trigger={r.rule ? t("projects.recurrence.change") : t("projects.recurrence.set")}
      icon="repeat"
      variant="secondary"
      small
      closeLabel={t("projects.close")}
    >
      <form
        class="form-grid pj-recur-form"
        method="post"
        action={action}
        hx-post={action}
        hx-target="#pj-recurrence"
        hx-swap="outerHTML"
      >
        <Field label={t("projects.recurrence.repeat")}>
          <select id="rc-preset" name="preset">
            {PRESETS.map((p) => (
              <option value={p} selected={now.preset === p}>
                {t(`projects.recurrence.preset.${p}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t("projects.recurrence.interval")}>
          <input
            id="rc-interval"
            type="number"
            name="interval"
            min={1}
            max={365}
            value={String(now.interval)}
          />
        </Field>
        <fieldset class="field field-wide pj-recur-days">
          <legend class="field-label">{t("projects.recurrence.days")}</legend>
          {WEEKDAY_CODES.map((d) => (
            <label class="pj-recur-day">
              <input type="checkbox" name="days" value={d} checked={now.days.includes(d)} />
              {t(`projects.recurrence.day.${d}`)}
            </label>
          ))}
        </fieldset>
        <Field label={t("projects.recurrence.monthDay")}>
          <input
            id="rc-monthday"
            type="number"
            name="monthDay"
            min={1}
            max={31}
            value={now.monthDay ? String(now.monthDay) : ""}
          />
        </Field>
        <Field label={t("projects.recurrence.rule")} hint={t("projects.recurrence.ruleHint")} wide>
          <input
            id="rc-rule"
            name="rule"
            maxLength={500}
            value={now.preset === "custom" ? r.rule ?? "" : ""}
            autocomplete="off"
            spellcheck={false}
          />
        </Field>
        <Field label={t("projects.recurrence.mode")} wide>
          <select id="rc-mode" name="mode">
            {(["on_done", "on_schedule"] as const).map((m) => (
              <option value={m} selected={(r.mode ?? "on_done") === m}>
                {t(`projects.recurrence.mode.${m}`)}
              </option>
            ))}
          </select>
        </Field>
        <div class="form-actions field-wide">
          <Button type="submit" icon="save">{t("projects.recurrence.save")}</Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The project form's time zone (recurring tasks' dates are days of this zone). */
export function ProjectZoneField({ id, zone }: { id: string; zone: string }) {
  const t = useT();
  const names = zoneNames();
  return (
    <Field label={t("projects.timeZone")}>
      <select id={`${id}-zone`} name="timeZone">
        {!names.includes(zone) && <option value={zone} selected>{zone.replaceAll("_", " ")}
        </option>}
        {names.map((z) => <option value={z} selected={z === zone}>{z.replaceAll("_", " ")}
        </option>)}
      </select>
    </Field>
  );
}
