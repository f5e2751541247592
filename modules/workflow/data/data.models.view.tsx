/** The data models admin: the list, the create dialog, and the field editor of one model. */
import {
  Button,
  Card,
  type Column,
  DataTable,
  Dialog,
  EmptyState,
  Field,
  RelativeTime,
  useT,
} from "../../../ui/kit.ts";
import { FIELD_TYPES, type FieldDef, type Model } from "./data.schemas.ts";

export const ADMIN = "/workflow/admin/data-models";
/** Blank rows under the existing fields: a new field is a filled-in blank row. */
export const BLANK_ROWS = 3;

export function ModelsTable({ rows, canWrite }: { rows: Model[]; canWrite: boolean }) {
  const t = useT();
  const columns: Column<Model>[] = [
    {
      label: t("workflow.data.col.name"),
      cell: (m) => (
        <span>
          <a href={`/workflow/data/${m.key}`}>{m.name}</a>
          {m.description && <div class="muted">{m.description}</div>}
        </span>
      ),
    },
    { label: t("workflow.data.col.fields"), cell: (m) => m.fields.length, numeric: true },
    { label: t("workflow.data.col.records"), cell: (m) => m.recordCount, numeric: true },
    {
      label: t("workflow.data.col.updated"),
      cell: (m) => (
        <span>
          <RelativeTime at={m.updatedAt} />
          {m.updatedByName && t("workflow.data.by", { name: m.updatedByName })}
        </span>
      ),
      wide: true,
    },
  ];
  return (
    <DataTable
      id="data-models"
      label={t("page.dataModels")}
      columns={columns}
      rows={rows}
      empty={<EmptyState icon="database" title={t("workflow.data.empty")} />}
      actions={canWrite
        ? (m) => (
          <>
            <Button href={`${ADMIN}/${m.key}`} variant="ghost" small icon="pencil">
              {t("workflow.data.editFields")}
            </Button>
            <form
              method="post"
              action={`${ADMIN}/${m.key}/delete`}
              hx-post={`${ADMIN}/${m.key}/delete`}
              hx-confirm={t("workflow.data.deleteConfirm", { name: m.name })}
            >
              <Button type="submit" variant="ghost" small icon="trash-2">
                {t("workflow.data.delete")}
              </Button>
            </form>
          </>
        )
        : undefined}
    />
  );
}

export function NewModelDialog() {
  const t = useT();
  return (
    <Dialog
      id="new-data-model"
      title={t("workflow.data.new")}
      trigger={t("workflow.data.new")}
      icon="plus"
      closeLabel={t("workflow.data.close")}
    >
      <form class="form" method="post" action={ADMIN}>
        <Field label={t("workflow.data.name")}>
          <input name="name" required maxLength={200} autocomplete="off" />
        </Field>
        <Field label={t("workflow.data.key")}>
          <input
            name="key"
            required
            maxLength={63}
            pattern="[a-z][a-z0-9_]*"
            autocomplete="off"
          />
        </Field>
        <Field label={t("workflow.data.modelDescription")}>
          <input name="description" maxLength={2000} />
        </Field>
        <button type="submit" class="btn btn-primary">{t("workflow.data.save")}</button>
      </form>
    </Dialog>
  );
}

const valuesText = (f?: FieldDef) =>
  (f?.values ?? []).map((v) => v.value === v.label ? v.value : `${v.value} = ${v.label}`)
    .join("\n");

function FieldRow(
  { i, field, models }: { i: number; field?: FieldDef; models: Model[] },
) {
  const t = useT();
  return (
    <fieldset class="card card-pad">
      <legend>
        {field ? t("workflow.data.field", { n: i + 1 }) : t("workflow.data.newField")}
      </legend>
      <div class="form-grid">
        <Field label={t("workflow.data.field.label")}>
          <input name={`label_${i}`} maxLength={200} value={field?.label ?? ""} />
        </Field>
        <Field label={t("workflow.data.field.name")}>
          <input
            name={`name_${i}`}
            maxLength={63}
            pattern="[A-Za-z][A-Za-z0-9_]*"
            autocomplete="off"
            value={field?.name ?? ""}
            readOnly={!!field}
          />
        </Field>
        <Field label={t("workflow.data.field.type")}>
          <select name={`type_${i}`}>
            {FIELD_TYPES.map((ty) => (
              <option value={ty} selected={field?.type === ty}>
                {t(`workflow.data.type.${ty}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t("workflow.data.field.model")}>
          <select name={`model_${i}`}>
            <option value="">{t("workflow.data.none")}</option>
            {models.map((m) => (
              <option value={m.key} selected={field?.model === m.key}>{m.name}</option>
            ))}
          </select>
        </Field>
        <Field label={t("workflow.data.field.values")} wide>
          <textarea name={`values_${i}`} rows={2}>{valuesText(field)}</textarea>
        </Field>
        <div class="checks field-wide">
          <label class="check">
            <input type="checkbox" name={`required_${i}`} checked={!!field?.required} />
            {t("workflow.data.field.required")}
          </label>
          {field && (
            <label class="check">
              <input type="checkbox" name={`remove_${i}`} />
              {t("workflow.data.field.remove")}
            </label>
          )}
        </div>
      </div>
    </fieldset>
  );
}

/** The model's name, description, title field and its fields (existing + blank rows). */
export function ModelEditor({ model, models }: { model: Model; models: Model[] }) {
  const t = useT();
  const rows = model.fields.length + BLANK_ROWS;
  return (
    <form class="form" method="post" action={`${ADMIN}/${model.key}`}>
      <Card title={t("workflow.data.model")}>
        <div class="form-grid">
          <Field label={t("workflow.data.name")}>
            <input name="name" required maxLength={200} value={model.name} />
          </Field>
          <Field label={t("workflow.data.titleField")}>
            <select name="titleField">
              <option value="">{t("workflow.data.none")}</option>
              {model.fields.map((f) => (
                <option value={f.name} selected={model.titleField === f.name}>{f.label}</option>
              ))}
            </select>
          </Field>
          <Field label={t("workflow.data.modelDescription")} wide>
            <input name="description" maxLength={2000} value={model.description} />
          </Field>
        </div>
      </Card>
      <Card title={t("workflow.data.fields")}>
        <p class="muted">{t("workflow.data.fieldsHint")}</p>
        <input type="hidden" name="rows" value={String(rows)} />
        {Array.from(
          { length: rows },
          (_, i) => <FieldRow i={i} field={model.fields[i]} models={models} />,
        )}
        <label class="check">
          <input type="checkbox" name="force" />
          {t("workflow.data.force")}
        </label>
      </Card>
      <div class="form-actions">
        <Button href={`/workflow/data/${model.key}`} variant="secondary">
          {t("workflow.data.browse")}
        </Button>
        <button type="submit" class="btn btn-primary">{t("workflow.data.save")}</button>
      </div>
    </form>
  );
}
