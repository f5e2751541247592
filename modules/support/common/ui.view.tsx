import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import { Field, StateBadge } from "../../../ui/kit.ts";
import { type Flash, FlashMessage } from "../../../ui/flash.tsx";
export { type Flash, FlashMessage };

/** One form control with its label. */
export interface FieldDef {
  name: string;
  labelKey: string;
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
    | "checks";
  required?: boolean;
  /** [value, label] pairs of a select; the label is shown as given. */
  options?: [string, string][];
  /** First option of a select that means "none". */
  emptyLabelKey?: string;
  min?: number;
  max?: number;
  placeholder?: string;
  hintKey?: string;
  /** Takes the form's whole width (long text). */
  wide?: boolean;
  /**
   * Label key of the group this field belongs to: consecutive fields of one section are
   * drawn as a fieldset with that legend (long forms such as an SLA policy).
   */
  section?: string;
  /** A hint for the whole section, shown under its legend (on its first field). */
  sectionHintKey?: string;
}

/**
 * A labelled control of the kit's forms (`Field`): the label wraps the control, a hint and an
 * error go below it. Checkbox groups are a fieldset, a single checkbox sits beside its text.
 */
export function FormField(
  { l, f, id, value, error }: {
    l: Locale;
    f: FieldDef;
    id: string;
    value?: unknown;
    error?: string;
  },
) {
  const v = value === null || value === undefined ? "" : String(value);
  const label = t(l, f.labelKey);
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
    <Field label={label} hint={f.hintKey ? t(l, f.hintKey) : undefined} error={error} wide={wide}>
      {f.type === "textarea"
        ? (
          <textarea id={id} name={f.name} required={f.required} rows={4}>
            {v}
          </textarea>
        )
        : f.type === "select"
        ? (
          <select id={id} name={f.name} required={f.required}>
            {f.emptyLabelKey && <option value="">{t(l, f.emptyLabelKey)}</option>}
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
export function sections(fields: FieldDef[]): { section?: string; fields: FieldDef[] }[] {
  const out: { section?: string; fields: FieldDef[] }[] = [];
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
  { l, fields, prefix, values = {}, errors = {} }: {
    l: Locale;
    fields: FieldDef[];
    prefix: string;
    values?: Record<string, unknown>;
    errors?: Record<string, string>;
  },
) {
  const one = (f: FieldDef) => (
    <FormField
      l={l}
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
              <legend class="field-label">{t(l, run.section)}</legend>
              {run.fields[0].sectionHintKey && (
                <p class="field-hint">{t(l, run.fields[0].sectionHintKey)}</p>
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
export function StatusBadge({ l, status }: { l: Locale; status: string }) {
  return StateBadge({ kind: "ticket", value: status, label: t(l, `support.status.${status}`) });
}

export function PriorityBadge({ l, priority }: { l: Locale; priority: string }) {
  return StateBadge({
    kind: "priority",
    value: priority,
    label: t(l, `support.priority.${priority}`),
  });
}

export function SlaBadge({ l, state }: { l: Locale; state: string }) {
  return StateBadge({ kind: "sla", value: state, label: t(l, `support.sla.${state}`) });
}

/** A language code as its name in the reader's language ("tr" → "Turkish" / "Türkçe"). */
export function languageName(l: Locale, code: string | null | undefined): string {
  if (!code) return "—";
  try {
    const name = new Intl.DisplayNames([l], { type: "language" }).of(code);
    return name ? name[0].toLocaleUpperCase(l) + name.slice(1) : code;
  } catch {
    return code;
  }
}
