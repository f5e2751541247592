import { knownKey, type MessageKey } from "../../../shared/i18n/i18n.ts";
import {
  Badge,
  Button,
  DataTable,
  Dialog,
  EmptyState,
  Field,
  IconButton,
  Toast,
  type Translate,
  useT,
} from "../../../ui/kit.ts";
import type { SupportRule } from "./rules.schemas.ts";
import { type Flash, FormField } from "../common/ui.view.tsx";

/** Fields a rule's condition may test, with their labels' keys. */
export const CONDITION_FIELDS: Record<string, MessageKey> = {
  "ticket.priority": "support.field.priority",
  "ticket.status": "support.field.status",
  "ticket.tags": "support.field.tags",
  "ticket.customerId": "support.field.customer",
  clock: "support.rules.clock",
};
const OPS = ["eq", "ne", "contains"] as const;
const PRIORITIES = ["dusuk", "normal", "yuksek", "kritik"] as const;
const STATUSES = ["acik", "islemde", "cozuldu", "kapandi"] as const;
const CLOCKS = ["firstResponse", "resolution"] as const;
const ACTIONS = ["notifyAssignee", "notifyUser", "emailCustomer", "emailAddress"] as const;
const among = <T extends string>(list: readonly T[], v: string): v is T =>
  (list as readonly string[]).includes(v);

/** What people read for a rule's event ("support.ticket.created" → "A ticket is opened"). */
export const eventLabel = (t: Translate, event: string) =>
  t(knownKey(`support.rules.on.${event.replace(/^support\./, "")}`, "support.rules.event"));

/** A condition value as people read it: labels for priorities, statuses and clocks. */
function valueLabel(t: Translate, field: string, v: unknown, names: Map<string, string>) {
  const s = String(v ?? "");
  if (field === "ticket.priority" && among(PRIORITIES, s)) return t(`support.priority.${s}`);
  if (field === "ticket.status" && among(STATUSES, s)) return t(`support.status.${s}`);
  if (field === "clock" && among(CLOCKS, s)) return t(`support.rules.clock.${s}`);
  if (field === "ticket.customerId") return names.get(s) ?? t("support.customer.unknown");
  return `“${s}”`;
}

/** "Priority is Critical and Tags contains “vpn”", or "Always". */
function conditionText(t: Translate, rule: SupportRule, names: Map<string, string>) {
  const clauses = [...(rule.condition.all ?? []), ...(rule.condition.any ?? [])];
  if (clauses.length === 0) return t("support.rules.always");
  const joiner = rule.condition.any?.length ? t("support.rules.or") : t("support.rules.and");
  return clauses.map((c) => {
    const field = CONDITION_FIELDS[c.field] ? t(CONDITION_FIELDS[c.field]) : c.field;
    const op = among(OPS, c.op) ? t(`support.rules.op.${c.op}`) : t("support.rules.op.eq");
    const values = Array.isArray(c.value) ? c.value : [c.value];
    return `${field} ${op} ${values.map((v) => valueLabel(t, c.field, v, names)).join(", ")}`;
  }).join(` ${joiner} `);
}

/** "Notify the assignee", "Notify Ayşe Yılmaz", "E-mail the customer", … */
function actionText(t: Translate, rule: SupportRule, names: Map<string, string>) {
  return rule.actions.map((a) => {
    if (a.type === "notify") {
      if (a.userField) return t("support.rules.do.notifyAssignee");
      const who = (a.userIds ?? []).map((id) => names.get(id) ?? t("support.rules.someone"));
      return t("support.rules.notifyWho", { who: who.join(", ") });
    }
    if (a.type === "email") {
      if (a.toField) return t("support.rules.do.emailCustomer");
      return t("support.rules.emailWho", { who: (a.to ?? []).join(", ") });
    }
    return t("support.rules.runJob");
  }).join("; ");
}

const hx = (path: string) => ({
  method: "post",
  action: path,
  "hx-post": path,
  "hx-target": "#rules-panel",
  "hx-swap": "outerHTML",
});

/** The "New rule" form: when, only if (one condition), then (one action). */
export function NewRuleDialog(
  { events, members }: { events: string[]; members: [string, string][] },
) {
  const t = useT();
  return (
    <Dialog
      id="new-rule"
      title={t("support.rules.add")}
      trigger={t("support.rules.add")}
      icon="plus"
      closeLabel={t("ui.close")}
      wide
    >
      <form id="new-rule-form" class="form-grid" {...hx("/support/notification-rules")}>
        <FormField
          id="rule-name"
          f={{ name: "name", labelKey: "support.field.name", required: true }}
        />
        <FormField
          id="rule-event"
          f={{
            name: "event",
            labelKey: "support.rules.event",
            type: "select",
            options: events.map((e) => [e, eventLabel(t, e)]),
          }}
        />
        <fieldset class="field field-wide">
          <legend class="field-label">{t("support.rules.condition")}</legend>
          <div class="form-grid">
            <FormField
              id="rule-cond-field"
              f={{
                name: "condField",
                labelKey: "support.rules.field",
                type: "select",
                emptyLabelKey: "support.rules.always",
                options: Object.entries(CONDITION_FIELDS).map(([k, key]) => [k, t(key)]),
              }}
            />
            <FormField
              id="rule-cond-op"
              f={{
                name: "condOp",
                labelKey: "support.rules.op",
                type: "select",
                options: OPS.map((o) => [o, t(`support.rules.op.${o}`)]),
              }}
            />
            <Field label={t("support.rules.value")}>
              <select id="rule-cond-value" name="condValue">
                <option value="">{t("support.rules.otherValue")}</option>
                <optgroup label={t("support.field.priority")}>
                  {PRIORITIES.map((p) => <option value={p}>{t(`support.priority.${p}`)}</option>)}
                </optgroup>
                <optgroup label={t("support.field.status")}>
                  {STATUSES.map((s) => <option value={s}>{t(`support.status.${s}`)}</option>)}
                </optgroup>
                <optgroup label={t("support.rules.clock")}>
                  {CLOCKS.map((k) => <option value={k}>{t(`support.rules.clock.${k}`)}</option>)}
                </optgroup>
              </select>
            </Field>
            <FormField
              id="rule-cond-text"
              f={{
                name: "condText",
                labelKey: "support.rules.textValue",
                hintKey: "support.rules.textValueHint",
              }}
            />
          </div>
        </fieldset>
        <fieldset class="field field-wide">
          <legend class="field-label">{t("support.rules.action")}</legend>
          <div class="form-grid">
            <FormField
              id="rule-action"
              f={{
                name: "action",
                labelKey: "support.rules.doWhat",
                type: "select",
                options: ACTIONS.map((x) => [x, t(`support.rules.do.${x}`)]),
              }}
            />
            <FormField
              id="rule-user"
              f={{
                name: "userId",
                labelKey: "support.rules.user",
                type: "select",
                emptyLabelKey: "support.none",
                options: members,
              }}
            />
            <FormField
              id="rule-address"
              f={{ name: "address", labelKey: "support.field.email", type: "email" }}
            />
            <FormField
              id="rule-title"
              f={{ name: "title", labelKey: "support.field.subject", wide: true }}
            />
            <FormField
              id="rule-body"
              f={{
                name: "body",
                labelKey: "support.field.body",
                type: "textarea",
                hintKey: "support.templates.variables",
              }}
            />
          </div>
        </fieldset>
        <div class="form-actions field-wide">
          <button type="submit" class="btn btn-primary">{t("support.rules.add")}</button>
        </div>
      </form>
    </Dialog>
  );
}

export function RulesPanel(
  { rules, names, canWrite, flash }: {
    rules: SupportRule[];
    /** Names of the members and customers the rules mention, by id. */
    names: Map<string, string>;
    canWrite: boolean;
    flash?: Flash;
  },
) {
  const t = useT();
  return (
    <div id="rules-panel">
      <Toast flash={flash} />
      <DataTable
        id="rules"
        label={t("page.notificationRules")}
        rows={rules}
        columns={[
          { label: t("support.field.name"), cell: (r) => r.name },
          { label: t("support.rules.event"), cell: (r) => eventLabel(t, r.event) },
          { label: t("support.rules.condition"), cell: (r) => conditionText(t, r, names) },
          { label: t("support.rules.action"), cell: (r) => actionText(t, r, names) },
          {
            label: t("support.field.active"),
            cell: (r) =>
              r.enabled
                ? <Badge tone="green">{t("support.active")}</Badge>
                : <Badge>{t("support.inactive")}</Badge>,
          },
        ]}
        actions={canWrite
          ? (r) => (
            <span class="support-row-actions">
              <form class="inline" {...hx(`/support/notification-rules/${r.id}`)}>
                <input type="hidden" name="enabled" value={r.enabled ? "false" : "true"} />
                <Button type="submit" variant="ghost" small icon={r.enabled ? "pause" : "play"}>
                  {t(r.enabled ? "support.rules.disable" : "support.rules.enable")}
                </Button>
              </form>
              <form
                class="inline"
                {...hx(`/support/notification-rules/${r.id}`)}
                hx-confirm={t("support.confirmDelete")}
              >
                <input type="hidden" name="delete" value="1" />
                <IconButton type="submit" icon="trash-2" label={t("support.delete")} />
              </form>
            </span>
          )
          : undefined}
        actionsLabel={t("support.actions")}
        empty={<EmptyState icon="bell-ring" title={t("support.rules.empty")} />}
      />
    </div>
  );
}
