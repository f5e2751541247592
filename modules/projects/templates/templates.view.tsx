import {
  Button,
  DataTable,
  DateTime,
  Dialog,
  EmptyState,
  Field,
  type Flash,
  Toast,
  useT,
} from "../../../ui/kit.ts";
import type { TemplateRow } from "./templates.schemas.ts";

/** The templates page's table: each template makes a project; its maker may delete it. */
export function TemplatesTable(
  { items, canCreate, canDelete, today }: {
    items: TemplateRow[];
    canCreate: boolean;
    canDelete: (row: TemplateRow) => boolean;
    today: string;
  },
) {
  const t = useT();
  return (
    <DataTable
      id="templates"
      label={t("page.projectTemplates")}
      rows={items}
      columns={[
        {
          label: t("projects.templates.name"),
          cell: (r) => (
            <span class="pj-tpl-name">
              <strong>{r.name}</strong>
              {r.description && <span class="muted">{r.description}</span>}
            </span>
          ),
        },
        { label: t("projects.templates.tasks"), cell: (r) => String(r.taskCount), numeric: true },
        {
          label: t("projects.templates.madeBy"),
          cell: (r) => r.createdByName ?? "—",
          wide: true,
        },
        {
          label: t("projects.templates.madeAt"),
          cell: (r) => <DateTime at={r.createdAt} dateOnly />,
          wide: true,
        },
      ]}
      actionsLabel={t("projects.templates.use")}
      actions={(r) => (
        <span class="pj-tpl-actions">
          {canCreate && <UseTemplateDialog template={r} today={today} />}
          {canDelete(r) && (
            <Dialog
              id={`tpl-del-${r.id}`}
              title={t("projects.templates.delete")}
              trigger={t("projects.templates.delete")}
              triggerLabel={`${t("projects.templates.delete")} ${r.name}`}
              icon="trash-2"
              iconOnly
              variant="ghost"
              small
              closeLabel={t("projects.close")}
            >
              <form method="post" action={`/projects/templates/${r.id}/delete`}>
                <p>{t("projects.templates.deleteConfirm", { name: r.name })}</p>
                <div class="form-actions">
                  <Button type="submit" variant="danger" icon="trash-2">
                    {t("projects.templates.delete")}
                  </Button>
                </div>
              </form>
            </Dialog>
          )}
        </span>
      )}
      empty={
        <EmptyState icon="layout-template" title={t("projects.templates.empty")}>
          <p class="muted">{t("projects.templates.emptyHint")}</p>
        </EmptyState>
      }
    />
  );
}

/** "New project" from one template: its name and start date. */
function UseTemplateDialog({ template, today }: { template: TemplateRow; today: string }) {
  const t = useT();
  return (
    <Dialog
      id={`tpl-use-${template.id}`}
      title={t("projects.templates.useTitle", { name: template.name })}
      trigger={t("projects.templates.use")}
      icon="plus"
      variant="secondary"
      small
      closeLabel={t("projects.close")}
    >
      <FromTemplateFields
        templates={[template]}
        today={today}
        idPrefix={`tpl-${template.id.slice(-8)}`}
      />
    </Dialog>
  );
}

/** The form that makes a project from a template (a choice of templates when several). */
export function FromTemplateFields(
  { templates, today, idPrefix, flash, choose }: {
    templates: Pick<TemplateRow, "id" | "name">[];
    today: string;
    idPrefix: string;
    flash?: Flash;
    /** A choice of template (else the only one is implied, its name proposed). */
    choose?: boolean;
  },
) {
  const t = useT();
  return (
    <form class="form-grid pj-form" method="post" action="/projects/templates/new">
      {flash && (
        <div class="field-wide">
          <Toast flash={flash} />
        </div>
      )}
      {!choose && templates.length === 1
        ? <input type="hidden" name="templateId" value={templates[0].id} />
        : (
          <Field label={t("projects.templates.choose")} wide>
            <select id={`${idPrefix}-template`} name="templateId" required>
              {templates.map((x) => <option value={x.id}>{x.name}</option>)}
            </select>
          </Field>
        )}
      <Field label={t("projects.name")} wide>
        <input
          id={`${idPrefix}-name`}
          name="name"
          required
          maxLength={200}
          value={!choose && templates.length === 1 ? templates[0].name : ""}
        />
      </Field>
      <Field label={t("projects.templates.startDate")} hint={t("projects.templates.startHint")}>
        <input id={`${idPrefix}-start`} type="date" name="startDate" required value={today} />
      </Field>
      <div class="form-actions field-wide">
        <Button type="submit" icon="plus">{t("projects.templates.create")}</Button>
      </div>
    </form>
  );
}

/** The new-project dialog's second way: from a template (shown when there are templates). */
export function NewFromTemplate(
  { templates, today }: { templates: Pick<TemplateRow, "id" | "name">[]; today: string },
) {
  const t = useT();
  if (!templates.length) return null;
  return (
    <section class="pj-from-template" aria-labelledby="pj-from-template-h">
      <h3 class="pj-sub" id="pj-from-template-h">{t("projects.templates.fromTemplate")}</h3>
      <p class="muted">{t("projects.templates.fromTemplateHint")}</p>
      <FromTemplateFields templates={templates} today={today} idPrefix="p-tpl" choose />
      <p>
        <a href="/projects/templates">{t("projects.templates.manage")}</a>
      </p>
    </section>
  );
}

/** The project page's "Save as template" (managers). */
export function SaveTemplateDialog({ projectId, name }: { projectId: string; name: string }) {
  const t = useT();
  return (
    <Dialog
      id="save-template"
      title={t("projects.templates.save")}
      trigger={t("projects.templates.save")}
      icon="layout-template"
      variant="secondary"
      closeLabel={t("projects.close")}
    >
      <form class="form-grid pj-form" method="post" action="/projects/templates">
        <input type="hidden" name="projectId" value={projectId} />
        <p class="muted field-wide">{t("projects.templates.saveHint")}</p>
        <Field label={t("projects.templates.name")} wide>
          <input id="tpl-save-name" name="name" required maxLength={200} value={name} />
        </Field>
        <Field label={t("projects.templates.description")} wide>
          <textarea id="tpl-save-desc" name="description" rows={2} maxLength={5000} />
        </Field>
        <div class="form-actions field-wide">
          <Button type="submit" icon="save">{t("projects.templates.saveButton")}</Button>
        </div>
      </form>
    </Dialog>
  );
}
