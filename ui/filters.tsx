import type { ComponentChildren } from "preact";

/**
 * A filter bar: a GET form that updates `target` as people type or pick (htmx), and works as
 * a plain form without script. Put labelled inputs and selects inside; the URL keeps the
 * filters so reload and back work.
 *
 * Usage:
 * ```tsx
 * <Filters action="/support/tickets" target="#tickets" label={t("filters")}>
 *   <Field label={t("search")}><input type="search" name="q" value={q} /></Field>
 * </Filters>
 * ```
 */
export function Filters(
  { action, target, label, children, submitLabel }: {
    action: string;
    target: string;
    label: string;
    children: ComponentChildren;
    submitLabel?: string;
  },
) {
  return (
    <form
      class="filters"
      method="get"
      action={action}
      role="search"
      aria-label={label}
      hx-get={action}
      hx-target={target}
      hx-select={target}
      hx-swap="outerHTML"
      hx-push-url="true"
      hx-trigger="change, input changed delay:350ms from:find input[type=search], submit"
    >
      {children}
      <button type="submit" class="btn btn-secondary js-hide">{submitLabel ?? label}</button>
    </form>
  );
}

/**
 * A form field: label above the control, an optional hint and error below.
 *
 * Usage: `<Field label={t("subject")} error={errors.subject}><input name="subject" required /></Field>`
 */
export function Field(
  { label, hint, error, children, wide }: {
    label: ComponentChildren;
    hint?: ComponentChildren;
    error?: string;
    children: ComponentChildren;
    wide?: boolean;
  },
) {
  return (
    <label class={`field${wide ? " field-wide" : ""}${error ? " field-error" : ""}`}>
      <span class="field-label">{label}</span>
      {children}
      {hint && <span class="field-hint">{hint}</span>}
      {error && <span class="field-message" role="alert">{error}</span>}
    </label>
  );
}
