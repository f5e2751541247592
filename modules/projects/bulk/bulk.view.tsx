import { Button, Field, type Flash, Toast, useT } from "../../../ui/kit.ts";
import { flowNames, PRIORITY_VALUES, priorityLabel } from "../common/labels.lib.ts";

/**
 * The bar above a task list whose rows have checkboxes (`form="bulk-form"`): what to set on the
 * selected tasks, or delete them. Posted with htmx; refusals come back in #bulk-result.
 */
export function BulkBar(
  { statuses, members, back, flash }: {
    /** The flow of the listed project; none when the list spans projects. */
    statuses: { id: string; name: string }[];
    members: { userId: string; name: string }[];
    back: string;
    flash?: Flash;
  },
) {
  const t = useT();
  const names = flowNames(t, statuses);
  const htmx = {
    "hx-post": "/projects/tasks/bulk",
    "hx-target": "#bulk-result",
    "hx-swap": "innerHTML",
  };
  return (
    <details class="card pj-bulk">
      <summary class="pj-bulk-summary">{t("projects.bulk.title")}</summary>
      <form
        id="bulk-form"
        method="post"
        action="/projects/tasks/bulk"
        class="form-grid"
      >
        <input type="hidden" name="back" value={back} />
        <div id="bulk-result" class="field-wide" aria-live="polite">
          <Toast flash={flash} />
        </div>
        {statuses.length > 0
          ? (
            <Field label={t("projects.bulk.status")}>
              <select id="bulk-status" name="statusId">
                <option value="">{t("projects.bulk.keep")}</option>
                {statuses.map((s) => <option value={s.id}>{names.get(s.id)}</option>)}
              </select>
            </Field>
          )
          : <p class="muted field-wide">{t("projects.bulk.statusOneProject")}</p>}
        <Field label={t("projects.bulk.priority")}>
          <select id="bulk-priority" name="priority">
            <option value="">{t("projects.bulk.keep")}</option>
            {PRIORITY_VALUES.map((p) => <option value={p}>{priorityLabel(t, p)}</option>)}
          </select>
        </Field>
        {members.length > 0 && (
          <Field label={t("projects.bulk.assignee")}>
            <select id="bulk-assignee" name="addAssignee">
              <option value="">{t("projects.bulk.keep")}</option>
              {members.map((m) => <option value={m.userId}>{m.name}</option>)}
            </select>
          </Field>
        )}
        <Field label={t("projects.bulk.addLabel")}>
          <input id="bulk-add-label" name="addLabel" maxLength={40} />
        </Field>
        <Field label={t("projects.bulk.removeLabel")}>
          <input id="bulk-remove-label" name="removeLabel" maxLength={40} />
        </Field>
        <Field label={t("projects.bulk.dueDate")}>
          <input id="bulk-due" type="date" name="dueDate" />
        </Field>
        <div class="form-actions field-wide">
          <Button type="submit" name="action" value="apply" icon="check" {...htmx}>
            {t("projects.bulk.apply")}
          </Button>
          <Button
            type="submit"
            name="action"
            value="delete"
            variant="danger"
            icon="trash-2"
            {...htmx}
            hx-confirm={t("projects.bulk.confirmDelete")}
          >
            {t("projects.bulk.delete")}
          </Button>
        </div>
      </form>
    </details>
  );
}

/** A row's checkbox, tied to the bulk form wherever the table is. */
export function BulkCheck({ id, title }: { id: string; title: string }) {
  const t = useT();
  return (
    <input
      type="checkbox"
      name="taskIds"
      value={id}
      form="bulk-form"
      class="pj-bulk-check"
      aria-label={t("projects.bulk.select", { title })}
    />
  );
}
