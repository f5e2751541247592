import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import type { MessageTemplate, renderTemplate } from "../../../platform/notifications/public.ts";

type RenderedMessage = ReturnType<typeof renderTemplate>;

export function PreviewBox({ l, rendered }: { l: Locale; rendered: RenderedMessage }) {
  return (
    <div id="template-preview" class="card" aria-live="polite">
      <h3>{t(l, "support.preview")}</h3>
      <p>
        <strong>{t(l, "support.field.subject")}:</strong> {rendered.subject}
      </p>
      <pre class="support-preview">{rendered.text}</pre>
    </div>
  );
}

/** Type a subject and body; htmx renders them with sample values as you type. */
export function PreviewForm({ l, initial }: { l: Locale; initial: MessageTemplate }) {
  return (
    <section class="card" aria-labelledby="preview-heading">
      <h2 id="preview-heading">{t(l, "support.preview")}</h2>
      <p class="muted">{t(l, "support.templates.variables")}</p>
      <form
        method="post"
        action="/support/email-templates/preview"
        hx-post="/support/email-templates/preview"
        hx-trigger="input changed delay:300ms, submit"
        hx-target="#template-preview"
        hx-swap="outerHTML"
      >
        <label for="preview-subject">{t(l, "support.field.subject")}</label>
        <input id="preview-subject" name="subject" type="text" value={initial.subject} />
        <label for="preview-body">{t(l, "support.field.body")}</label>
        <textarea id="preview-body" name="body" rows={5}>{initial.body}</textarea>
        <p>
          <button type="submit" class="secondary">{t(l, "support.preview")}</button>
        </p>
      </form>
      <div id="template-preview"></div>
    </section>
  );
}
