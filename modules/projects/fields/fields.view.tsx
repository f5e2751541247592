import {
  Badge,
  Button,
  Card,
  DataTable,
  Dialog,
  EmptyState,
  Field,
  formatNumber,
  IconButton,
  SubmitRow,
  type Tone,
  useReader,
  useT,
} from "../../../ui/kit.ts";
import { type Flash, Toast } from "../common/ui.view.tsx";
import {
  FIELD_TYPES,
  type FieldDef,
  type FieldType,
  hasOptions,
  OPTION_COLORS,
} from "./fields.rules.ts";
import "./fields.messages.ts";

type Member = { userId: string; name: string };
type Values = Record<string, string | number | string[]>;

const tone = (c: string) => c as Tone;

/** The feature's styles (assets/projects-fields.css). */
export function FieldsStyle() {
  return <link rel="stylesheet" href="/assets/projects-fields.css" />;
}

function TypeLabel({ type }: { type: FieldType }) {
  const t = useT();
  return <Badge tone="gray">{t(`projects.fields.type.${type}`)}</Badge>;
}

function OptionChips({ def }: { def: FieldDef }) {
  return (
    <span class="pj-cf-chips">
      {def.options.map((o) => <Badge tone={tone(o.color)}>{o.label}</Badge>)}
    </span>
  );
}

function ColorSelect({ name, value, id }: { name: string; value: string; id: string }) {
  const t = useT();
  return (
    <select id={id} name={name} aria-label={t("projects.fields.color")}>
      {OPTION_COLORS.map((c) => (
        <option value={c} selected={c === value}>{t(`projects.fields.color.${c}`)}</option>
      ))}
    </select>
  );
}

/** The add form: a type picker; options and bounds apply to their types only. */
function NewFieldDialog({ projectId }: { projectId: string }) {
  const t = useT();
  return (
    <Dialog
      id="pj-cf-new"
      title={t("projects.fields.add")}
      trigger={t("projects.fields.add")}
      icon="plus"
      closeLabel={t("projects.close")}
    >
      <form method="post" action={`/projects/projects/${projectId}/fields`} class="form-grid">
        <Field label={t("projects.fields.name")}>
          <input id="cf-new-name" name="name" required maxLength={60} />
        </Field>
        <Field label={t("projects.fields.type")}>
          <select id="cf-new-type" name="type">
            {FIELD_TYPES.map((ty) => <option value={ty}>{t(`projects.fields.type.${ty}`)}</option>)}
          </select>
        </Field>
        <Field label={t("projects.fields.description")} wide>
          <input id="cf-new-desc" name="description" maxLength={500} />
        </Field>
        <Field
          label={t("projects.fields.options")}
          hint={`${t("projects.fields.optionsOnly")} ${t("projects.fields.optionsHint")}`}
          wide
        >
          <textarea id="cf-new-options" name="options" rows={3}></textarea>
        </Field>
        <Field label={t("projects.fields.min")} hint={t("projects.fields.numbersOnly")}>
          <input id="cf-new-min" name="min" type="number" step="any" />
        </Field>
        <Field label={t("projects.fields.max")} hint={t("projects.fields.numbersOnly")}>
          <input id="cf-new-max" name="max" type="number" step="any" />
        </Field>
        <label class="pj-check field-wide">
          <input type="checkbox" name="required" value="1" />
          {t("projects.fields.required")} — {t("projects.fields.requiredHint")}
        </label>
        <SubmitRow icon="plus" wide>{t("projects.fields.save")}</SubmitRow>
      </form>
    </Dialog>
  );
}

function EditFieldDialog({ def, base }: { def: FieldDef; base: string }) {
  const t = useT();
  const k = def.id.slice(-12);
  return (
    <Dialog
      id={`pj-cf-edit-${k}`}
      title={def.name}
      trigger={t("projects.fields.edit")}
      triggerLabel={`${t("projects.fields.edit")}: ${def.name}`}
      icon="pencil"
      iconOnly
      closeLabel={t("projects.close")}
    >
      <form method="post" action={`${base}/${def.id}`} class="form-grid">
        <Field label={t("projects.fields.name")}>
          <input id={`cf-name-${k}`} name="name" value={def.name} required maxLength={60} />
        </Field>
        <Field label={t("projects.fields.type")}>
          <span class="pj-cf-static">
            <TypeLabel type={def.type} />
          </span>
        </Field>
        <Field label={t("projects.fields.description")} wide>
          <input id={`cf-desc-${k}`} name="description" value={def.description} maxLength={500} />
        </Field>
        {def.type === "number" && (
          <>
            <Field label={t("projects.fields.min")}>
              <input
                id={`cf-min-${k}`}
                name="min"
                type="number"
                step="any"
                value={def.min ?? ""}
              />
            </Field>
            <Field label={t("projects.fields.max")}>
              <input
                id={`cf-max-${k}`}
                name="max"
                type="number"
                step="any"
                value={def.max ?? ""}
              />
            </Field>
          </>
        )}
        {hasOptions(def.type) && (
          <fieldset class="pj-plain field-wide pj-cf-options">
            <legend class="field-label">{t("projects.fields.options")}</legend>
            <p class="field-hint">{t("projects.fields.removeHint")}</p>
            {def.options.map((o, i) => (
              <div class="pj-cf-option">
                <input
                  id={`cf-opt-${k}-${i}`}
                  name={`optionLabel.${o.id}`}
                  value={o.label}
                  maxLength={60}
                  aria-label={`${t("projects.fields.option")} ${i + 1}`}
                />
                <ColorSelect
                  id={`cf-col-${k}-${i}`}
                  name={`optionColor.${o.id}`}
                  value={o.color}
                />
              </div>
            ))}
            <Field label={t("projects.fields.newOption")} hint={t("projects.fields.optionsHint")}>
              <textarea id={`cf-newopt-${k}`} name="options" rows={2}></textarea>
            </Field>
            <label class="pj-check">
              <input type="checkbox" name="clearRemovedOptions" value="1" />
              {t("projects.fields.clearRemoved")}
            </label>
          </fieldset>
        )}
        <label class="pj-check field-wide">
          <input type="checkbox" name="required" value="1" checked={def.required} />
          {t("projects.fields.required")} — {t("projects.fields.requiredHint")}
        </label>
        <SubmitRow icon="save" wide>{t("projects.fields.save")}</SubmitRow>
      </form>
    </Dialog>
  );
}

function DeleteFieldDialog({ def, base }: { def: FieldDef; base: string }) {
  const t = useT();
  return (
    <Dialog
      id={`pj-cf-del-${def.id.slice(-12)}`}
      title={def.name}
      trigger={t("projects.fields.delete")}
      triggerLabel={`${t("projects.fields.delete")}: ${def.name}`}
      icon="trash-2"
      iconOnly
      variant="danger"
      closeLabel={t("projects.close")}
    >
      <form method="post" action={`${base}/${def.id}/delete`}>
        <p>{t("projects.fields.deleteConfirm")}</p>
        <div class="form-actions">
          <Button type="submit" variant="danger" icon="trash-2">
            {t("projects.fields.delete")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function MoveButton(
  { def, base, dir }: { def: FieldDef; base: string; dir: "up" | "down" },
) {
  const t = useT();
  return (
    <form method="post" action={`${base}/${def.id}/move`} class="inline">
      <input type="hidden" name="dir" value={dir} />
      <IconButton
        type="submit"
        icon={dir === "up" ? "arrow-up" : "arrow-down"}
        label={`${
          t(dir === "up" ? "projects.fields.moveUp" : "projects.fields.moveDown")
        }: ${def.name}`}
      />
    </form>
  );
}

/** The project's fields page: the list, and for managers add, edit, reorder and delete. */
export function FieldsManager(
  { projectId, fields, canManage, flash }: {
    projectId: string;
    fields: FieldDef[];
    canManage: boolean;
    flash?: Flash;
  },
) {
  const t = useT();
  const base = `/projects/projects/${projectId}/fields`;
  return (
    <Card
      title={t("projects.fields.title")}
      actions={canManage && <NewFieldDialog projectId={projectId} />}
      flush
    >
      <Toast flash={flash} />
      <p class="muted pj-pad">
        {t("projects.fields.intro")} {!canManage && t("projects.fields.readOnly")}
      </p>
      {fields.length === 0
        ? (
          <EmptyState icon="list-plus" title={t("projects.fields.none")}>
            {t("projects.fields.noneHint")}
          </EmptyState>
        )
        : (
          <ul class="pj-cf-list">
            {fields.map((f, i) => (
              <li class="pj-cf-item">
                <div class="pj-cf-main">
                  <strong class="pj-cf-name">{f.name}</strong>
                  <TypeLabel type={f.type} />
                  {f.required && <Badge tone="amber">{t("projects.fields.required")}</Badge>}
                  {f.description && <span class="muted pj-cf-desc">{f.description}</span>}
                  {hasOptions(f.type) && <OptionChips def={f} />}
                </div>
                {canManage && (
                  <div class="pj-cf-actions">
                    {i > 0 && <MoveButton def={f} base={base} dir="up" />}
                    {i < fields.length - 1 && <MoveButton def={f} base={base} dir="down" />}
                    <EditFieldDialog def={f} base={base} />
                    <DeleteFieldDialog def={f} base={base} />
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
    </Card>
  );
}

/** One field's input on the task page. */
function ValueInput(
  { def, value, members }: { def: FieldDef; value: Values[string] | undefined; members: Member[] },
) {
  const t = useT();
  const id = `cf-${def.id.slice(-12)}`;
  const name = `cf.${def.id}`;
  const label = (
    <>
      {def.name}
      {def.required && <span class="pj-cf-req" aria-hidden="true">*</span>}
    </>
  );
  const hint = def.description || undefined;
  switch (def.type) {
    case "number":
      return (
        <Field label={label} hint={hint}>
          <input
            id={id}
            name={name}
            type="number"
            step="any"
            min={def.min ?? undefined}
            max={def.max ?? undefined}
            value={value === undefined ? "" : String(value)}
            required={def.required}
          />
        </Field>
      );
    case "date":
      return (
        <Field label={label} hint={hint}>
          <input id={id} name={name} type="date" value={String(value ?? "")} />
        </Field>
      );
    case "url":
      return (
        <Field label={label} hint={hint}>
          <input
            id={id}
            name={name}
            type="url"
            inputMode="url"
            maxLength={2000}
            value={String(value ?? "")}
          />
        </Field>
      );
    case "select":
      return (
        <Field label={label} hint={hint}>
          <select id={id} name={name}>
            <option value="">{t("projects.fields.notSet")}</option>
            {def.options.map((o) => (
              <option value={o.id} selected={value === o.id}>{o.label}</option>
            ))}
          </select>
        </Field>
      );
    case "person":
      return (
        <Field label={label} hint={hint}>
          <select id={id} name={name}>
            <option value="">{t("projects.fields.notSet")}</option>
            {members.map((m) => (
              <option value={m.userId} selected={value === m.userId}>{m.name}</option>
            ))}
          </select>
        </Field>
      );
    case "multi_select": {
      const chosen = new Set(Array.isArray(value) ? value : []);
      return (
        <fieldset class="pj-plain field pj-cf-multi">
          <legend class="field-label">{label}</legend>
          <input type="hidden" name={`cfPresent.${def.id}`} value="1" />
          <span class="pj-cf-chips">
            {def.options.map((o, i) => (
              <label class="pj-check">
                <input
                  id={`${id}-${i}`}
                  type="checkbox"
                  name={name}
                  value={o.id}
                  checked={chosen.has(o.id)}
                />
                {o.label}
              </label>
            ))}
          </span>
          {hint && <span class="field-hint">{hint}</span>}
        </fieldset>
      );
    }
    default:
      return (
        <Field label={label} hint={hint}>
          <input id={id} name={name} maxLength={2000} value={String(value ?? "")} />
        </Field>
      );
  }
}

/** The task page's custom fields: saved when one changes (htmx), or with the button. */
export function TaskCustomFields(
  { taskId, fields, values, members, canWrite, flash }: {
    taskId: string;
    fields: FieldDef[];
    values: Values;
    members: Member[];
    canWrite: boolean;
    flash?: Flash;
  },
) {
  const t = useT();
  if (!fields.length) return <span id="task-cf" />;
  const action = `/projects/tasks/${taskId}/fields`;
  return (
    <form
      id="task-cf"
      class="card"
      method="post"
      action={action}
      hx-post={action}
      hx-trigger="change"
      hx-target="#task-cf"
      hx-swap="outerHTML"
    >
      <header class="card-head">
        <h2 class="card-title">{t("projects.fields.taskTitle")}</h2>
      </header>
      <Toast flash={flash} />
      <fieldset disabled={!canWrite} class="pj-plain">
        <legend class="sr-only">{t("projects.fields.taskTitle")}</legend>
        <div class="form-grid">
          {fields.map((f) => <ValueInput def={f} value={values[f.id]} members={members} />)}
        </div>
        {canWrite && (
          <div class="form-actions js-hide">
            <Button type="submit" icon="save">{t("projects.fields.taskSave")}</Button>
          </div>
        )}
      </fieldset>
    </form>
  );
}

/** The task list's custom-field filter and sort (fields of the chosen project). */
export function FieldFilter(
  { query, fields, members, oob }: {
    query: Record<string, string>;
    fields: FieldDef[];
    members: Member[];
    oob?: boolean;
  },
) {
  const t = useT();
  const choices = fields.filter((f) => hasOptions(f.type) || f.type === "person");
  const sortable = fields;
  return (
    <span id="tq-fields-wrap" hx-swap-oob={oob ? "true" : undefined} class="pj-filter-slot">
      {choices.length > 0 && (
        <Field label={t("projects.fields.filterBy")}>
          <select id="tq-cf" name="cf">
            <option value="">{t("projects.fields.anyValue")}</option>
            {choices.map((f) => (
              <optgroup label={f.name}>
                {f.type === "person"
                  ? members.map((m) => (
                    <option
                      value={`${f.id}:${m.userId}`}
                      selected={query.cf === `${f.id}:${m.userId}`}
                    >
                      {m.name}
                    </option>
                  ))
                  : f.options.map((o) => (
                    <option value={`${f.id}:${o.id}`} selected={query.cf === `${f.id}:${o.id}`}>
                      {o.label}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
        </Field>
      )}
      {sortable.length > 0 && (
        <Field label={t("projects.fields.sortBy")}>
          <select id="tq-cf-sort" name="sortField">
            <option value="">{t("projects.fields.noFieldSort")}</option>
            {sortable.map((f) => (
              <option value={f.id} selected={query.sortField === f.id}>{f.name}</option>
            ))}
          </select>
        </Field>
      )}
    </span>
  );
}

/** The reports page's breakdown of a project's tasks by a select or person field. */
export function FieldBreakdownCard(
  { action, projectId, fields, chosen, items }: {
    action: string;
    projectId: string;
    fields: FieldDef[];
    chosen?: FieldDef;
    items: {
      key: string | null;
      label: string;
      color: string | null;
      count: number;
      open: number;
    }[];
  },
) {
  const t = useT();
  const { locale } = useReader();
  const choices = fields.filter((f) => hasOptions(f.type) || f.type === "person");
  const total = items.reduce((n, i) => n + i.count, 0);
  return (
    <Card title={t("projects.fields.breakdown")} id="pj-cf-breakdown">
      <p class="muted">{t("projects.fields.breakdownHint")}</p>
      {choices.length === 0 ? <p class="muted">{t("projects.fields.noBreakdown")}</p> : (
        <>
          <form method="get" action={action} class="pj-cf-pick">
            <input type="hidden" name="projectId" value={projectId} />
            <Field label={t("projects.fields.field")}>
              <select id="rp-cf" name="fieldId">
                {choices.map((f) => (
                  <option value={f.id} selected={chosen?.id === f.id}>{f.name}</option>
                ))}
              </select>
            </Field>
            <Button type="submit" variant="secondary" small>{t("projects.fields.show")}</Button>
          </form>
          {chosen && (
            <DataTable
              id="pj-cf-breakdown-table"
              label={chosen.name}
              rows={items}
              columns={[
                {
                  label: t("projects.fields.value"),
                  cell: (i) =>
                    i.key === null
                      ? <span class="muted">{t("projects.fields.notSet")}</span>
                      : i.color
                      ? <Badge tone={tone(i.color)}>{i.label}</Badge>
                      : i.label,
                },
                {
                  label: t("projects.fields.tasks"),
                  numeric: true,
                  cell: (i) =>
                    `${formatNumber(locale, i.count)}${
                      total
                        ? ` (${formatNumber(locale, Math.round((i.count / total) * 100))}%)`
                        : ""
                    }`,
                },
                {
                  label: t("projects.fields.open"),
                  numeric: true,
                  cell: (i) => formatNumber(locale, i.open),
                },
              ]}
            />
          )}
        </>
      )}
    </Card>
  );
}
