/** The builder's small parts: a labelled select, and the source/model picker. */
import { Button, Field, useT } from "../../../ui/kit.ts";
import type { FieldType } from "./queries.types.lib.ts";
import type { BuilderValue } from "./queries.form.lib.ts";
import { QUERY_SOURCES } from "./queries.schemas.ts";

export interface Choices {
  models: { key: string; name: string }[];
  fields: {
    name: string;
    label: string;
    type: FieldType;
    values?: { value: string; label: string }[];
  }[];
}

export function Select(
  { name, value, options, label }: {
    name: string;
    value: string;
    options: [string, string][];
    label?: string;
  },
) {
  return (
    <select name={name} aria-label={label}>
      {options.map(([v, text]) => <option value={v} selected={v === value}>{text}</option>)}
    </select>
  );
}

/** Source and model: a GET form, so the builder below shows the chosen source's fields. */
export function SourcePicker(
  { value, choices, action }: { value: BuilderValue; choices: Choices; action: string },
) {
  const t = useT();
  return (
    <form method="get" action={action} class="form-grid">
      <Field label={t("workflow.queries.field.source")}>
        <Select
          name="source"
          value={value.source}
          options={QUERY_SOURCES.map((s) => [s, t(`workflow.queries.source.${s}`)])}
        />
      </Field>
      <Field label={t("workflow.queries.field.model")} hint={t("workflow.queries.hint.model")}>
        <Select
          name="model"
          value={value.model}
          options={[
            ["", t("workflow.queries.none")],
            ...choices.models.map((m): [string, string] => [m.key, m.name]),
          ]}
        />
      </Field>
      <div class="form-actions field-wide">
        <Button type="submit" variant="secondary" icon="refresh-cw">
          {t("workflow.queries.applySource")}
        </Button>
      </div>
    </form>
  );
}
