import {
  escapeHtml,
  type MessageTemplate,
  renderTemplate,
} from "../../../platform/notifications/public.ts";
import { ccList } from "./replies.rules.ts";

// Placeholders filled after the template is rendered, so the comment's own HTML goes into the
// HTML part (it is sanitized already) and nothing in a comment is read as a placeholder.
const BODY = "\u0001comment\u0001";
const SIGNATURE = "\u0001signature\u0001";

/**
 * A reply e-mail from the tenant's template: the comment as text and as HTML where
 * `{{comment.body}}` stands, the signature where `{{signature}}` stands (else at the end).
 */
export function renderReply(
  template: MessageTemplate,
  vars: Record<string, unknown>,
  parts: { text: string; html: string; signature: string },
) {
  const body = template.body.includes("{{signature}}") || !parts.signature.trim()
    ? template.body
    : `${template.body}\n\n{{signature}}`;
  const comment = { ...(vars.comment as Record<string, unknown> ?? {}), body: BODY };
  const out = renderTemplate({ subject: template.subject, body }, {
    ...vars,
    comment,
    signature: SIGNATURE,
  });
  const signatureText = renderTemplate({ subject: "", body: parts.signature }, vars).text;
  const signatureHtml = `<div class="signature">${
    escapeHtml(signatureText).replace(/\r?\n/g, "<br>\n")
  }</div>`;
  return {
    subject: out.subject.replaceAll(BODY, "").replaceAll(SIGNATURE, "").trim(),
    text: out.text.replaceAll(BODY, () => parts.text).replaceAll(SIGNATURE, () => signatureText),
    html: out.html.replaceAll(BODY, () => parts.html).replaceAll(SIGNATURE, () => signatureHtml),
  };
}

/**
 * The reply box's e-mail and file fields as comment input: `emailChoice` says the box offered
 * the choice (an unticked box then means "do not send"); an internal note never sends.
 */
export function replyFormInput(form: Record<string, string | string[]>) {
  const list = (v: string | string[] | undefined) => (Array.isArray(v) ? v : v ? [v] : []);
  const internal = form.visibility === "internal";
  return {
    ...(form.emailChoice !== undefined
      ? {
        email: {
          send: !internal && form.emailSend === "true",
          cc: internal ? [] : ccList(String(list(form.cc)[0] ?? "")),
        },
      }
      : {}),
    attachmentIds: list(form.attachmentIds).map(String).filter(Boolean),
  };
}
