import { Card, Field, useT } from "../../../ui/kit.ts";

export function NumberPreview({ text }: { text: string }) {
  const t = useT();
  return (
    <p id="number-preview" aria-live="polite">
      {t("support.numbering.first")}: <code>{text}</code>
    </p>
  );
}

/** A pattern playground: htmx shows the first number as you type. */
export function PatternTry() {
  const t = useT();
  return (
    <Card title={t("support.numbering.try")}>
      <form
        class="form-grid"
        method="get"
        action="/support/numbering/preview"
        hx-get="/support/numbering/preview"
        hx-trigger="load, input changed delay:200ms, change, submit"
        hx-target="#number-preview"
        hx-swap="outerHTML"
      >
        <Field label={t("support.field.pattern")} hint={t("support.numbering.help")}>
          <input id="try-pattern" name="pattern" type="text" value="SUP-{YYYY}-{SEQ:5}" />
        </Field>
        <Field label={t("support.field.reset")}>
          <select id="try-reset" name="reset">
            {(["never", "yearly", "monthly"] as const).map((r) => (
              <option value={r}>{t(`support.reset.${r}`)}</option>
            ))}
          </select>
        </Field>
        <div class="form-actions field-wide js-hide">
          <button type="submit" class="btn btn-secondary">{t("support.preview")}</button>
        </div>
      </form>
      <p id="number-preview" aria-live="polite"></p>
    </Card>
  );
}
