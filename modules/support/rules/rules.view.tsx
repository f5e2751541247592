import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import type { SupportRule } from "./rules.schemas.ts";
import { Empty, Field, type Flash, FlashMessage } from "../common/ui.view.tsx";

function summary(rule: SupportRule) {
  const cond = (rule.condition.all ?? []).map((c) =>
    `${c.field} ${c.op} ${JSON.stringify(c.value ?? "")}`
  );
  const acts = rule.actions.map((a) =>
    a.type === "notify"
      ? `notify ${a.userField ?? (a.userIds ?? []).length + " user(s)"}`
      : a.type === "email"
      ? `e-mail ${a.toField ?? (a.to ?? []).join(", ")}`
      : `job ${a.name}`
  );
  return { cond: cond.join(" and ") || "—", acts: acts.join("; ") };
}

export function RulesPanel(
  { l, rules, events, members, canWrite, flash }: {
    l: Locale;
    rules: SupportRule[];
    events: string[];
    members: [string, string][];
    canWrite: boolean;
    flash?: Flash;
  },
) {
  const hx = (path: string) => ({
    method: "post",
    action: path,
    "hx-post": path,
    "hx-target": "#rules-panel",
    "hx-swap": "outerHTML",
  });
  return (
    <div id="rules-panel">
      <FlashMessage flash={flash} />
      {rules.length === 0 ? <Empty>{t(l, "support.rules.empty")}</Empty> : (
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">{t(l, "support.field.name")}</th>
                <th scope="col">{t(l, "support.rules.event")}</th>
                <th scope="col">{t(l, "support.rules.condition")}</th>
                <th scope="col">{t(l, "support.rules.action")}</th>
                <th scope="col">{t(l, "support.field.active")}</th>
              </tr>
            </thead>
            <tbody>
              {rules.map((r) => {
                const s = summary(r);
                return (
                  <tr id={`rule-${r.id}`}>
                    <td>{r.name}</td>
                    <td>
                      <code>{r.event}</code>
                    </td>
                    <td>{s.cond}</td>
                    <td>{s.acts}</td>
                    <td>
                      {r.enabled ? "✓" : "—"}
                      {canWrite && (
                        <>
                          <form class="inline" {...hx(`/support/notification-rules/${r.id}`)}>
                            <input
                              type="hidden"
                              name="enabled"
                              value={r.enabled ? "false" : "true"}
                            />
                            <button type="submit" class="secondary">
                              {t(l, r.enabled ? "support.rules.disable" : "support.rules.enable")}
                            </button>
                          </form>
                          <form
                            class="inline"
                            {...hx(`/support/notification-rules/${r.id}`)}
                            hx-confirm={t(l, "support.confirmDelete")}
                          >
                            <input type="hidden" name="delete" value="1" />
                            <button type="submit" class="secondary">
                              {t(l, "support.delete")}
                            </button>
                          </form>
                        </>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {canWrite && (
        <form class="card" {...hx("/support/notification-rules")}>
          <h2>{t(l, "support.rules.add")}</h2>
          <Field
            l={l}
            id="rule-name"
            f={{ name: "name", labelKey: "support.field.name", required: true }}
          />
          <Field
            l={l}
            id="rule-event"
            f={{
              name: "event",
              labelKey: "support.rules.event",
              type: "select",
              options: events.map((e) => [e, e]),
            }}
          />
          <fieldset>
            <legend>{t(l, "support.rules.condition")}</legend>
            <Field
              l={l}
              id="rule-cond-field"
              f={{
                name: "condField",
                labelKey: "support.rules.field",
                type: "select",
                emptyLabelKey: "support.rules.always",
                options: [
                  "ticket.priority",
                  "ticket.status",
                  "ticket.tags",
                  "ticket.customerId",
                  "clock",
                ].map((x) => [x, x]),
              }}
            />
            <Field
              l={l}
              id="rule-cond-op"
              f={{
                name: "condOp",
                labelKey: "support.rules.op",
                type: "select",
                options: [["eq", "="], ["ne", "≠"], ["contains", "contains"]],
              }}
            />
            <Field
              l={l}
              id="rule-cond-value"
              f={{ name: "condValue", labelKey: "support.rules.value", placeholder: "kritik" }}
            />
          </fieldset>
          <fieldset>
            <legend>{t(l, "support.rules.action")}</legend>
            <Field
              l={l}
              id="rule-action"
              f={{
                name: "action",
                labelKey: "support.rules.action",
                type: "select",
                options: ["notifyAssignee", "notifyUser", "emailCustomer", "emailAddress"].map((
                  x,
                ) => [x, t(l, `support.rules.do.${x}`)]),
              }}
            />
            <Field
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
            <Field
              l={l}
              id="rule-address"
              f={{ name: "address", labelKey: "support.field.email", type: "email" }}
            />
            <Field
              l={l}
              id="rule-title"
              f={{
                name: "title",
                labelKey: "support.field.subject",
                placeholder: "{{ticket.number}}: {{ticket.subject}}",
              }}
            />
            <Field
              l={l}
              id="rule-body"
              f={{ name: "body", labelKey: "support.field.body", type: "textarea" }}
            />
          </fieldset>
          <p class="muted">{t(l, "support.templates.variables")}</p>
          <button type="submit">{t(l, "support.rules.add")}</button>
        </form>
      )}
    </div>
  );
}
