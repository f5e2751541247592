import type { MessageKey } from "../../../shared/i18n/i18n.ts";
import { Field, StateBadge, useT } from "../../../ui/kit.ts";
import type { Priority, Status } from "./common.schemas.ts";
import type { SlaState } from "../tickets/tickets.schemas.ts";
import { type Flash, FlashMessage } from "../../../ui/flash.tsx";
export { type Flash, FlashMessage };

/** One form control with its label. */
export interface FieldDef {
  name: string;
  labelKey: MessageKey;
  type?:
    | "text"
    | "email"
    | "url"
    | "number"
    | "date"
    | "textarea"
    | "select"
    | "checkbox"
    | "time"
    | "password"
    | "checks";
  required?: boolean;
  /** [value, label] pairs of a select; the label is shown as given. */
  options?: [string, string][];
  /** First option of a select that means "none". */
  emptyLabelKey?: MessageKey;
  min?: number;
  max?: number;
  placeholder?: string;
  hintKey?: MessageKey;
  /** Takes the form's whole width (long text). */
  wide?: boolean;
  /**
   * Label key of the group this field belongs to: consecutive fields of one section are
   * drawn as a fieldset with that legend (long forms such as an SLA policy).
   */
  section?: MessageKey;
  /** A hint for the whole section, shown under its legend (on its first field). */
  sectionHintKey?: MessageKey;
}

/**
 * A labelled control of the kit's forms (`Field`): the label wraps the control, a hint and an
 * error go below it. Checkbox groups are a fieldset, a single checkbox sits beside its text.
 */
export function FormField(
  { f, id, value, error }: {
    f: FieldDef;
    id: string;
    value?: unknown;
    error?: string;
  },
) {
  const t = useT();
  const v = value === null || value === undefined ? "" : String(value);
  const label = t(f.labelKey);
  const wide = f.wide ?? (f.type === "textarea" || f.type === "checks");
  if (f.type === "checks") {
    const checked = Array.isArray(value) ? value.map(String) : value ? [String(value)] : [];
    return (
      <fieldset class={`field${wide ? " field-wide" : ""}`}>
        <legend class="field-label">{label}</legend>
        <div class="checks">
          {(f.options ?? []).map(([ov, ol]) => (
            <label>
              <input type="checkbox" name={f.name} value={ov} checked={checked.includes(ov)} /> {ol}
            </label>
          ))}
        </div>
      </fieldset>
    );
  }
  if (f.type === "checkbox") {
    return (
      <div class={`field support-check${wide ? " field-wide" : ""}`}>
        <label class="checks">
          <input
            id={id}
            type="checkbox"
            name={f.name}
            value="true"
            checked={value === true || value === "true"}
          />
          <span>{label}</span>
        </label>
      </div>
    );
  }
  return (
    <Field label={label} hint={f.hintKey ? t(f.hintKey) : undefined} error={error} wide={wide}>
      {f.type === "textarea"
        ? (
          <textarea id={id} name={f.name} required={f.required} rows={4}>
            {v}
          </textarea>
        )
        : f.type === "select"
        ? (
          <select id={id} name={f.name} required={f.required}>
            {f.emptyLabelKey && <option value="">{t(f.emptyLabelKey)}</option>}
            {(f.options ?? []).map(([ov, ol]) => (
              <option value={ov} selected={ov === v}>{ol}</option>
            ))}
          </select>
        )
        : (
          <input
            {...{ type: f.type ?? "text" } as { type: "text" }}
            id={id}
            name={f.name}
            required={f.required}
            value={v}
            min={f.min}
            max={f.max}
            placeholder={f.placeholder}
          />
        )}
    </Field>
  );
}

/** Fields in runs: a field without a section alone, consecutive ones of a section together. */
export function sections(fields: FieldDef[]): { section?: MessageKey; fields: FieldDef[] }[] {
  const out: { section?: MessageKey; fields: FieldDef[] }[] = [];
  for (const f of fields) {
    const last = out[out.length - 1];
    if (f.section && last?.section === f.section) last.fields.push(f);
    else out.push({ section: f.section, fields: [f] });
  }
  return out;
}

/**
 * A form's fields, the sectioned ones in fieldsets with their legend (and hint), each laid
 * out as its own grid.
 */
export function FormFields(
  { fields, prefix, values = {}, errors = {} }: {
    fields: FieldDef[];
    prefix: string;
    values?: Record<string, unknown>;
    errors?: Record<string, string>;
  },
) {
  const t = useT();
  const one = (f: FieldDef) => (
    <FormField
      f={f}
      id={`${prefix}-${f.name}`}
      value={values[f.name]}
      error={errors[f.name]}
    />
  );
  return (
    <>
      {sections(fields).map((run) =>
        run.section
          ? (
            <fieldset class="field field-wide support-section" data-section={run.section}>
              <legend class="field-label">{t(run.section)}</legend>
              {run.fields[0].sectionHintKey && (
                <p class="field-hint">{t(run.fields[0].sectionHintKey)}</p>
              )}
              <div class="form-grid">{run.fields.map(one)}</div>
            </fieldset>
          )
          : run.fields.map(one)
      )}
    </>
  );
}

// StateBadge is called, not nested (see ui/badge.tsx): a ticket list draws three per row.
export function StatusBadge({ status }: { status: Status }) {
  const t = useT();
  return StateBadge({ kind: "ticket", value: status, label: t(`support.status.${status}`) });
}

export function PriorityBadge({ priority }: { priority: Priority }) {
  const t = useT();
  return StateBadge({
    kind: "priority",
    value: priority,
    label: t(`support.priority.${priority}`),
  });
}

export function SlaBadge({ state }: { state: SlaState }) {
  const t = useT();
  return StateBadge({ kind: "sla", value: state, label: t(`support.sla.${state}`) });
}
