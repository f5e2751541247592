import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import { Card, Field } from "../../../ui/kit.ts";

export function NumberPreview({ l, text }: { l: Locale; text: string }) {
  return (
    <p id="number-preview" aria-live="polite">
      {t(l, "support.numbering.first")}: <code>{text}</code>
    </p>
  );
}

/** A pattern playground: htmx shows the first number as you type. */
export function PatternTry({ l }: { l: Locale }) {
  return (
    <Card title={t(l, "support.numbering.try")}>
      <form
        class="form-grid"
        method="get"
        action="/support/numbering/preview"
        hx-get="/support/numbering/preview"
        hx-trigger="load, input changed delay:200ms, change, submit"
        hx-target="#number-preview"
        hx-swap="outerHTML"
      >
        <Field label={t(l, "support.field.pattern")} hint={t(l, "support.numbering.help")}>
          <input id="try-pattern" name="pattern" type="text" value="SUP-{YYYY}-{SEQ:5}" />
        </Field>
        <Field label={t(l, "support.field.reset")}>
          <select id="try-reset" name="reset">
            {["never", "yearly", "monthly"].map((r) => (
              <option value={r}>{t(l, `support.reset.${r}`)}</option>
            ))}
          </select>
        </Field>
        <div class="form-actions field-wide js-hide">
          <button type="submit" class="btn btn-secondary">{t(l, "support.preview")}</button>
        </div>
      </form>
      <p id="number-preview" aria-live="polite"></p>
    </Card>
  );
}
