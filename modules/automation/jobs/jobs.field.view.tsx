/** The job form's fields: a label (and hint) from the `automation.jobs.field.*` texts. */
import type { ComponentChildren } from "preact";
import { Field } from "../../../ui/kit.ts";
import type { T } from "./jobs.view.tsx";

/** One field of the job form, labelled `automation.jobs.field.<field>`. */
export function JobField(
  { t, field, hint, wide, children }: {
    t: T;
    field: string;
    hint?: ComponentChildren;
    wide?: boolean;
    children: ComponentChildren;
  },
) {
  return (
    <Field label={t(`automation.jobs.field.${field}`)} hint={hint} wide={wide}>
      {children}
    </Field>
  );
}

/** A whole-number input of the job form. */
export function NumberInput(
  { id, name, min, max, value }: {
    id: string;
    name: string;
    min: number;
    max?: number;
    value: string;
  },
) {
  return <input id={id} type="number" name={name} min={min} max={max} value={value} />;
}
