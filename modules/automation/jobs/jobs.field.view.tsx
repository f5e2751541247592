/** The job form's fields: a label (and hint) from the `automation.jobs.field.*` texts. */
import type { ComponentChildren } from "preact";
import { Field, useT } from "../../../ui/kit.ts";

/** The job form's fields, each labelled `automation.jobs.field.<field>`. */
export const JOB_FIELDS = [
  "name",
  "description",
  "agent",
  "triggerKind",
  "cron",
  "timezone",
  "runAt",
  "intervalSeconds",
  "intervalUnit",
  "event",
  "input",
  "priority",
  "timeoutSeconds",
  "maxAttempts",
  "backoffSeconds",
  "concurrency",
  "catchup",
  "catchupLimit",
  "notifyOnFailure",
  "enabled",
  "webhookSecret",
] as const;
export type JobFieldName = typeof JOB_FIELDS[number];

/** One field of the job form, labelled `automation.jobs.field.<field>`. */
export function JobField(
  { field, hint, wide, children }: {
    field: JobFieldName;
    hint?: ComponentChildren;
    wide?: boolean;
    children: ComponentChildren;
  },
) {
  const t = useT();
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
