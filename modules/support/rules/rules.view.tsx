import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import {
  Badge,
  Button,
  DataTable,
  Dialog,
  EmptyState,
  Field,
  IconButton,
  Toast,
} from "../../../ui/kit.ts";
import type { SupportRule } from "./rules.schemas.ts";
import { type Flash, FormField } from "../common/ui.view.tsx";

/** Fields a rule's condition may test, with their labels' keys. */
export const CONDITION_FIELDS: Record<string, string> = {
  "ticket.priority": "support.field.priority",
  "ticket.status": "support.field.status",
  "ticket.tags": "support.field.tags",
  "ticket.customerId": "support.field.customer",
  clock: "support.rules.clock",
};
const OPS = ["eq", "ne", "contains"];
const PRIORITIES = ["dusuk", "normal", "yuksek", "kritik"];
const STATUSES = ["acik", "islemde", "cozuldu", "kapandi"];
const CLOCKS = ["firstResponse", "resolution"];
const ACTIONS = ["notifyAssignee", "notifyUser", "emailCustomer", "emailAddress"];

/** What people read for a rule's event ("support.ticket.created" → "A ticket is opened"). */
export const eventLabel = (l: Locale, event: string) =>
  t(l, `support.rules.on.${event.replace(/^support\./, "")}`);

/** A condition value as people read it: labels for priorities, statuses and clocks. */
function valueLabel(l: Locale, field: string, v: unknown, names: Map<string, string>) {
  const s = String(v ?? "");
  if (field === "ticket.priority" && PRIORITIES.includes(s)) return t(l, `support.priority.${s}`);
  if (field === "ticket.status" && STATUSES.includes(s)) return t(l, `support.status.${s}`);
  if (field === "clock" && CLOCKS.includes(s)) return t(l, `support.rules.clock.${s}`);
  if (field === "ticket.customerId") return names.get(s) ?? t(l, "support.customer.unknown");
  return `“${s}”`;
}

/** "Priority is Critical and Tags contains “vpn”", or "Always". */
function conditionText(l: Locale, rule: SupportRule, names: Map<string, string>) {
  const clauses = [...(rule.condition.all ?? []), ...(rule.condition.any ?? [])];
  if (clauses.length === 0) return t(l, "support.rules.always");
  const joiner = rule.condition.any?.length ? t(l, "support.rules.or") : t(l, "support.rules.and");
  return clauses.map((c) => {
    const field = CONDITION_FIELDS[c.field] ? t(l, CONDITION_FIELDS[c.field]) : c.field;
    const op = OPS.includes(c.op) ? t(l, `support.rules.op.${c.op}`) : t(l, "support.rules.op.eq");
    const values = Array.isArray(c.value) ? c.value : [c.value];
    return `${field} ${op} ${values.map((v) => valueLabel(l, c.field, v, names)).join(", ")}`;
  }).join(` ${joiner} `);
}

/** "Notify the assignee", "Notify Ayşe Yılmaz", "E-mail the customer", … */
function actionText(l: Locale, rule: SupportRule, names: Map<string, string>) {
  return rule.actions.map((a) => {
    if (a.type === "notify") {
      if (a.userField) return t(l, "support.rules.do.notifyAssignee");
      const who = (a.userIds ?? []).map((id) => names.get(id) ?? t(l, "support.rules.someone"));
      return t(l, "support.rules.notifyWho", { who: who.join(", ") });
    }
    if (a.type === "email") {
      if (a.toField) return t(l, "support.rules.do.emailCustomer");
      return t(l, "support.rules.emailWho", { who: (a.to ?? []).join(", ") });
    }
    return t(l, "support.rules.runJob");
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
  { l, events, members }: { l: Locale; events: string[]; members: [string, string][] },
) {
  return (
    <Dialog
      id="new-rule"
      title={t(l, "support.rules.add")}
      trigger={t(l, "support.rules.add")}
      icon="plus"
      closeLabel={t(l, "ui.close")}
      wide
    >
      <form id="new-rule-form" class="form-grid" {...hx("/support/notification-rules")}>
        <FormField
          l={l}
          id="rule-name"
          f={{ name: "name", labelKey: "support.field.name", required: true }}
        />
        <FormField
          l={l}
          id="rule-event"
          f={{
            name: "event",
            labelKey: "support.rules.event",
            type: "select",
            options: events.map((e) => [e, eventLabel(l, e)]),
          }}
        />
        <fieldset class="field field-wide">
          <legend class="field-label">{t(l, "support.rules.condition")}</legend>
          <div class="form-grid">
            <FormField
              l={l}
              id="rule-cond-field"
              f={{
                name: "condField",
                labelKey: "support.rules.field",
                type: "select",
                emptyLabelKey: "support.rules.always",
                options: Object.entries(CONDITION_FIELDS).map(([k, key]) => [k, t(l, key)]),
              }}
            />
            <FormField
              l={l}
              id="rule-cond-op"
              f={{
                name: "condOp",
                labelKey: "support.rules.op",
                type: "select",
                options: OPS.map((o) => [o, t(l, `support.rules.op.${o}`)]),
              }}
            />
            <Field label={t(l, "support.rules.value")}>
              <select id="rule-cond-value" name="condValue">
                <option value="">{t(l, "support.rules.otherValue")}</option>
                <optgroup label={t(l, "support.field.priority")}>
                  {PRIORITIES.map((p) => <option value={p}>{t(l, `support.priority.${p}`)}
                  </option>)}
                </optgroup>
                <optgroup label={t(l, "support.field.status")}>
                  {STATUSES.map((s) => <option value={s}>{t(l, `support.status.${s}`)}</option>)}
                </optgroup>
                <optgroup label={t(l, "support.rules.clock")}>
                  {CLOCKS.map((k) => <option value={k}>{t(l, `support.rules.clock.${k}`)}</option>)}
                </optgroup>
              </select>
            </Field>
            <FormField
              l={l}
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
          <legend class="field-label">{t(l, "support.rules.action")}</legend>
          <div class="form-grid">
            <FormField
              l={l}
              id="rule-action"
              f={{
                name: "action",
                labelKey: "support.rules.doWhat",
                type: "select",
                options: ACTIONS.map((x) => [x, t(l, `support.rules.do.${x}`)]),
              }}
            />
            <FormField
              l={l}
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
              l={l}
              id="rule-address"
              f={{ name: "address", labelKey: "support.field.email", type: "email" }}
            />
            <FormField
              l={l}
              id="rule-title"
              f={{ name: "title", labelKey: "support.field.subject", wide: true }}
            />
            <FormField
              l={l}
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
          <button type="submit" class="btn btn-primary">{t(l, "support.rules.add")}</button>
        </div>
      </form>
    </Dialog>
  );
}

export function RulesPanel(
  { l, rules, names, canWrite, flash }: {
    l: Locale;
    rules: SupportRule[];
    /** Names of the members and customers the rules mention, by id. */
    names: Map<string, string>;
    canWrite: boolean;
    flash?: Flash;
  },
) {
  return (
    <div id="rules-panel">
      <Toast flash={flash} />
      <DataTable
        id="rules"
        label={t(l, "page.notificationRules")}
        rows={rules}
        columns={[
          { label: t(l, "support.field.name"), cell: (r) => r.name },
          { label: t(l, "support.rules.event"), cell: (r) => eventLabel(l, r.event) },
          { label: t(l, "support.rules.condition"), cell: (r) => conditionText(l, r, names) },
          { label: t(l, "support.rules.action"), cell: (r) => actionText(l, r, names) },
          {
            label: t(l, "support.field.active"),
            cell: (r) =>
              r.enabled
                ? <Badge tone="green">{t(l, "support.active")}</Badge>
                : <Badge>{t(l, "support.inactive")}</Badge>,
          },
        ]}
        actions={canWrite
          ? (r) => (
            <span class="support-row-actions">
              <form class="inline" {...hx(`/support/notification-rules/${r.id}`)}>
                <input type="hidden" name="enabled" value={r.enabled ? "false" : "true"} />
                <Button type="submit" variant="ghost" small icon={r.enabled ? "pause" : "play"}>
                  {t(l, r.enabled ? "support.rules.disable" : "support.rules.enable")}
                </Button>
              </form>
              <form
                class="inline"
                {...hx(`/support/notification-rules/${r.id}`)}
                hx-confirm={t(l, "support.confirmDelete")}
              >
                <input type="hidden" name="delete" value="1" />
                <IconButton type="submit" icon="trash-2" label={t(l, "support.delete")} />
              </form>
            </span>
          )
          : undefined}
        actionsLabel={t(l, "support.actions")}
        empty={<EmptyState icon="bell-ring" title={t(l, "support.rules.empty")} />}
      />
    </div>
  );
}
