import { type Locale, t } from "../../../shared/i18n/i18n.ts";

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
    <section class="card" aria-labelledby="pattern-try">
      <h2 id="pattern-try">{t(l, "support.preview")}</h2>
      <form
        method="get"
        action="/support/numbering/preview"
        hx-get="/support/numbering/preview"
        hx-trigger="input changed delay:200ms, submit"
        hx-target="#number-preview"
        hx-swap="outerHTML"
      >
        <label for="try-pattern">{t(l, "support.field.pattern")}</label>
        <input id="try-pattern" name="pattern" type="text" value="SUP-{YYYY}-{SEQ:5}" />
        <label for="try-reset">{t(l, "support.field.reset")}</label>
        <select id="try-reset" name="reset">
          {["never", "yearly", "monthly"].map((r) => (
            <option value={r}>{t(l, `support.reset.${r}`)}</option>
          ))}
        </select>
        <p>
          <button type="submit" class="secondary">{t(l, "support.preview")}</button>
        </p>
      </form>
      <p id="number-preview" aria-live="polite"></p>
    </section>
  );
}
