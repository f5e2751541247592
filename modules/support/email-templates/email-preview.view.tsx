import { Card, Field, useT } from "../../../ui/kit.ts";
import type { MessageTemplate, renderTemplate } from "../../../platform/notifications/public.ts";

type RenderedMessage = ReturnType<typeof renderTemplate>;

export function PreviewBox({ rendered }: { rendered: RenderedMessage }) {
  const t = useT();
  return (
    <div id="template-preview" class="support-preview-box" aria-live="polite">
      <h3>{t("support.preview")}</h3>
      <p>
        <strong>{t("support.field.subject")}:</strong> {rendered.subject}
      </p>
      <pre class="support-preview">{rendered.text}</pre>
    </div>
  );
}

/** Type a subject and body; htmx renders them with sample values as you type. */
export function PreviewForm({ initial }: { initial: MessageTemplate }) {
  const t = useT();
  return (
    <Card title={t("support.templates.try")}>
      <p class="muted">{t("support.templates.variables")}</p>
      <form
        class="form-grid"
        method="post"
        action="/support/email-templates/preview"
        hx-post="/support/email-templates/preview"
        hx-trigger="load, input changed delay:300ms, submit"
        hx-target="#template-preview"
        hx-swap="outerHTML"
      >
        <Field label={t("support.field.subject")} wide>
          <input id="preview-subject" name="subject" type="text" value={initial.subject} />
        </Field>
        <Field label={t("support.field.body")} wide>
          <textarea id="preview-body" name="body" rows={5}>{initial.body}</textarea>
        </Field>
        <div class="form-actions field-wide js-hide">
          <button type="submit" class="btn btn-secondary">{t("support.preview")}</button>
        </div>
      </form>
      <div id="template-preview"></div>
    </Card>
  );
}
