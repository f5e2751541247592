/** The subscriptions page of a sheet: the list, the create/edit dialog and the send history. */
import {
  Badge,
  Button,
  Card,
  DataTable,
  Dialog,
  EmptyState,
  Field,
  IconButton,
  RelativeTime,
  type Tone,
  useReader,
  useT,
} from "../../../ui/kit.ts";
import type { ResultColumn } from "../query/query.types.schemas.ts";
import type { Send, SendStatus, Subscription } from "./subscriptions.schemas.ts";
import { hourText, scheduleWords, weekdayName } from "./subscriptions.lib.ts";

function Recipients({ n }: { n: number }) {
  const t = useT();
  return (
    <>{n === 1 ? t("analytics.subs.recipientOne") : t("analytics.subs.recipientCount", { n })}</>
  );
}

const TONES: Record<SendStatus, Tone> = {
  queued: "gray",
  sent: "green",
  skipped: "amber",
  failed: "red",
};

export interface FormChoices {
  members: { userId: string; name: string; email: string }[];
  fields: ResultColumn[];
  timezone: string;
  mayAddAddresses: boolean;
}

function SubscriptionForm(
  { action, value, choices }: { action: string; value?: Subscription; choices: FormChoices },
) {
  const t = useT();
  const { locale } = useReader();
  const s = value?.schedule ?? { kind: "weekly", hour: 8, weekday: 1, day: 1 };
  const f = value?.filters ?? { where: [] };
  const [whereField, whereValue] = (() => {
    const w = f.where?.[0];
    if (!w) return ["", ""];
    const at = w.indexOf(":");
    return [w.slice(0, at), w.slice(at + 1)];
  })();
  const dateFields = choices.fields.filter((x) => x.type === "date" || x.type === "datetime");
  const coded = choices.fields.filter((x) => x.values?.length);
  const free = choices.fields.filter((x) => !x.values?.length && !dateFields.includes(x));
  const codedWhere = coded.some((x) => x.name === whereField) ? `${whereField}:${whereValue}` : "";
  const chosen = new Set(value?.userIds ?? []);
  const id = value ? `sub-${value.id}` : "sub-new";
  return (
    <form class="form" method="post" action={action}>
      <Field label={t("analytics.subs.name")}>
        <input name="name" required maxLength={200} value={value?.name ?? ""} />
      </Field>
      <fieldset>
        <legend>{t("analytics.subs.people")}</legend>
        <p class="muted">{t("analytics.subs.peopleHint")}</p>
        <div class="checks">
          {choices.members.map((m) => (
            <label class="check">
              <input
                type="checkbox"
                name="userIds"
                value={m.userId}
                checked={chosen.has(m.userId)}
              />
              <span>{m.name}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <Field
        label={t("analytics.subs.addresses")}
        hint={choices.mayAddAddresses
          ? t("analytics.subs.addressesHint")
          : t("analytics.subs.addressesManagers")}
      >
        <textarea
          name="emails"
          rows={2}
          disabled={!choices.mayAddAddresses}
          id={`${id}-emails`}
        >
          {(value?.emails ?? []).join("\n")}
        </textarea>
      </Field>
      <fieldset>
        <legend>{t("analytics.subs.schedule")}</legend>
        <div class="form-grid">
          <Field label={t("analytics.subs.kind")}>
            <select name="kind">
              {(["daily", "weekly", "monthly", "custom"] as const).map((k) => (
                <option value={k} selected={s.kind === k}>{t(`analytics.subs.kind.${k}`)}</option>
              ))}
            </select>
          </Field>
          <Field label={t("analytics.subs.hour")}>
            <select name="hour">
              {Array.from(
                { length: 24 },
                (_, h) => <option value={String(h)} selected={s.hour === h}>{hourText(h)}</option>,
              )}
            </select>
          </Field>
          <Field label={t("analytics.subs.weekday")}>
            <select name="weekday">
              {[1, 2, 3, 4, 5, 6, 0].map((d) => (
                <option value={String(d)} selected={s.weekday === d}>
                  {weekdayName(locale as "en" | "tr", d)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t("analytics.subs.day")}>
            <select name="day">
              {Array.from({ length: 28 }, (_, i) => i + 1).map((d) => (
                <option value={String(d)} selected={s.day === d}>{String(d)}</option>
              ))}
            </select>
          </Field>
          <Field
            label={t("analytics.subs.cron")}
            hint={t("analytics.subs.cronHint", { zone: choices.timezone })}
            wide
          >
            <input name="cron" maxLength={120} value={s.cron ?? ""} placeholder="0 8 * * 1-5" />
          </Field>
        </div>
      </fieldset>
      <fieldset>
        <legend>{t("analytics.subs.filters")}</legend>
        <p class="muted">{t("analytics.subs.filtersHint")}</p>
        <div class="form-grid">
          <Field label={t("analytics.subs.dateField")}>
            <select name="dateField">
              <option value="">{t("analytics.subs.noDate")}</option>
              {dateFields.map((x) => (
                <option value={x.name} selected={f.dateField === x.name}>{x.label}</option>
              ))}
            </select>
          </Field>
          <Field label={t("analytics.subs.from")}>
            <input type="date" name="from" value={f.from ?? ""} />
          </Field>
          <Field label={t("analytics.subs.to")}>
            <input type="date" name="to" value={f.to ?? ""} />
          </Field>
          {coded.length > 0 && (
            <Field label={t("analytics.subs.choice")}>
              <select name="where">
                <option value="">{t("analytics.subs.anyField")}</option>
                {coded.map((x) => (
                  <optgroup label={x.label}>
                    {x.values!.map((v) => (
                      <option
                        value={`${x.name}:${v.value}`}
                        selected={codedWhere === `${x.name}:${v.value}`}
                      >
                        {`${x.label}: ${v.label}`}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            </Field>
          )}
          <Field label={t("analytics.subs.field")}>
            <select name="whereField">
              <option value="">{t("analytics.subs.anyField")}</option>
              {free.map((x) => (
                <option value={x.name} selected={!codedWhere && whereField === x.name}>
                  {x.label}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t("analytics.subs.value")}>
            <input name="whereValue" maxLength={200} value={codedWhere ? "" : whereValue} />
          </Field>
        </div>
      </fieldset>
      <fieldset>
        <legend>{t("analytics.subs.options")}</legend>
        <div class="checks">
          <label class="check">
            <input type="checkbox" name="skipEmpty" value="1" checked={value?.skipEmpty ?? false} />
            <span>{t("analytics.subs.skipEmpty")}</span>
          </label>
          <label class="check">
            <input type="checkbox" name="attachPdf" value="1" checked={value?.attachPdf ?? true} />
            <span>{t("analytics.subs.attachPdf")}</span>
          </label>
          <label class="check">
            <input type="checkbox" name="enabled" value="1" checked={value?.enabled ?? true} />
            <span>{t("analytics.subs.enabled")}</span>
          </label>
        </div>
      </fieldset>
      <button type="submit" class="btn btn-primary">{t("analytics.subs.save")}</button>
    </form>
  );
}

export function SubscriptionDialog(
  { base, value, choices }: { base: string; value?: Subscription; choices: FormChoices },
) {
  const t = useT();
  return (
    <Dialog
      id={value ? `edit-sub-${value.id}` : "new-sub"}
      title={value ? t("analytics.subs.editOf", { name: value.name }) : t("analytics.subs.new")}
      trigger={value ? t("analytics.subs.edit") : t("analytics.subs.new")}
      triggerLabel={value ? t("analytics.subs.editOf", { name: value.name }) : undefined}
      icon={value ? "pencil" : "plus"}
      iconOnly={!!value}
      closeLabel={t("analytics.subs.close")}
      wide
    >
      <SubscriptionForm
        action={value ? `${base}/${value.id}` : base}
        value={value}
        choices={choices}
      />
    </Dialog>
  );
}

function StatusBadge({ status }: { status: SendStatus }) {
  const t = useT();
  return <Badge tone={TONES[status]}>{t(`analytics.subs.status.${status}`)}</Badge>;
}

export interface SubscriptionsProps {
  sheetName: string;
  sheetPath: string;
  base: string;
  items: Subscription[];
  sends: Send[];
  choices: FormChoices;
}

export function SubscriptionsView(p: SubscriptionsProps) {
  const t = useT();
  const { locale } = useReader();
  const names = new Map(p.items.map((s) => [s.id, s.name]));
  const reason = (s: Send) =>
    s.reason === "failed"
      ? t("analytics.subs.why.failed", { reason: s.error ?? "" })
      : s.reason === "empty"
      ? t("analytics.subs.why.empty")
      : s.reason === "nobody"
      ? t("analytics.subs.why.nobody")
      : "";
  return (
    <>
      <Card
        title={t("analytics.subs.title", { sheet: p.sheetName })}
        actions={
          <>
            <Button href={p.sheetPath} variant="secondary" icon="arrow-left">
              {t("analytics.subs.back")}
            </Button>
            <SubscriptionDialog base={p.base} choices={p.choices} />
          </>
        }
        flush
      >
        <p class="card-pad muted">{t("analytics.subs.intro")}</p>
        <DataTable
          id="subscriptions"
          label={t("analytics.subs.title", { sheet: p.sheetName })}
          rows={p.items}
          empty={<EmptyState title={t("analytics.subs.empty")} />}
          columns={[
            { label: t("analytics.subs.name"), cell: (s) => s.name },
            {
              label: t("analytics.subs.schedule"),
              cell: (s) => (
                <>
                  {scheduleWords(locale as "en" | "tr", s.schedule, s.cron)}{" "}
                  {!s.enabled && <Badge tone="gray">{t("analytics.subs.paused")}</Badge>}
                </>
              ),
            },
            {
              label: t("analytics.subs.recipients"),
              cell: (s) => <Recipients n={s.userIds.length + s.emails.length} />,
            },
            {
              label: t("analytics.subs.nextRun"),
              cell: (s) => (s.enabled ? <RelativeTime at={s.nextRunAt} /> : "—"),
            },
            {
              label: t("analytics.subs.lastSend"),
              cell: (s) =>
                s.lastSend
                  ? <StatusBadge status={s.lastSend.status} />
                  : <span class="muted">{t("analytics.subs.never")}</span>,
            },
          ]}
          actionsLabel={t("analytics.subs.actions")}
          actions={(s) =>
            s.canEdit && (
              <>
                <form class="inline" method="post" action={`${p.base}/${s.id}/send`}>
                  <IconButton
                    type="submit"
                    icon="send"
                    variant="ghost"
                    label={t("analytics.subs.sendNowOf", { name: s.name })}
                  />
                </form>
                <SubscriptionDialog base={p.base} value={s} choices={p.choices} />
                <form
                  class="inline"
                  method="post"
                  action={`${p.base}/${s.id}/delete`}
                  hx-post={`${p.base}/${s.id}/delete`}
                  hx-confirm={t("analytics.subs.deleteConfirm")}
                >
                  <IconButton
                    type="submit"
                    icon="trash-2"
                    variant="ghost"
                    label={t("analytics.subs.deleteOf", { name: s.name })}
                  />
                </form>
              </>
            )}
        />
      </Card>
      <Card title={t("analytics.subs.history")} flush>
        <DataTable
          id="subscription-sends"
          label={t("analytics.subs.history")}
          rows={p.sends}
          empty={<p class="card-pad muted">{t("analytics.subs.historyEmpty")}</p>}
          columns={[
            { label: t("analytics.subs.when"), cell: (s) => <RelativeTime at={s.createdAt} /> },
            {
              label: t("analytics.subs.subscription"),
              cell: (s) => names.get(s.subscriptionId) ?? "",
            },
            {
              label: t("analytics.subs.how"),
              cell: (s) => t(`analytics.subs.trigger.${s.trigger}`),
            },
            {
              label: t("analytics.subs.recipients"),
              cell: (s) => (s.status === "queued" ? "—" : <Recipients n={s.recipients} />),
            },
            { label: t("analytics.subs.status"), cell: (s) => <StatusBadge status={s.status} /> },
            { label: t("analytics.subs.error"), cell: (s) => reason(s) },
          ]}
        />
      </Card>
    </>
  );
}
