import {
  Button,
  Field,
  formatBytes,
  Icon,
  IconButton,
  Toast,
  useReader,
  useT,
} from "../../../ui/kit.ts";
import type { Flash } from "../common/ui.view.tsx";
import type { TicketAttachment } from "./attachments.schemas.ts";
import { fileIcon, previewable } from "./attachments.lib.ts";

/** The styles and the drop/upload script of the ticket page's files (our own assets). */
function FileAssets() {
  return (
    <>
      <link rel="stylesheet" href="/assets/support-files.css" />
      <script src="/assets/support-files.js" defer></script>
    </>
  );
}

/** Files with their type, size, download and (images, PDF) preview links. */
export function FileList(
  { ticketId, files, canDelete }: {
    ticketId: string;
    files: TicketAttachment[];
    canDelete: boolean;
  },
) {
  const t = useT();
  const { locale: l } = useReader();
  const api = `/api/support/support-ticket/${ticketId}/attachments`;
  if (!files.length) return null;
  return (
    <ul class="support-files">
      {files.map((f) => (
        <li data-testid="ticket-file">
          <Icon name={fileIcon(f.contentType)} size={16} />
          <a href={`${api}/${f.id}`} download={f.name} class="support-file-name">{f.name}</a>
          <span class="muted support-file-size">{formatBytes(l, f.size)}</span>
          {previewable(f.contentType) && (
            <IconButton
              href={`${api}/${f.id}/preview`}
              icon="eye"
              label={t("support.files.preview", { name: f.name })}
              target="_blank"
            />
          )}
          {canDelete && (
            <form
              class="inline"
              method="post"
              action={`/support/tickets/${ticketId}/attachments/${f.id}/delete`}
            >
              <IconButton
                type="submit"
                icon="trash-2"
                label={t("support.files.delete", { name: f.name })}
              />
            </form>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The ticket's own files, with an upload form (drop files on it) when it may change. */
export function TicketFiles(
  { ticketId, files, canWrite, flash }: {
    ticketId: string;
    files: TicketAttachment[];
    canWrite: boolean;
    flash?: Flash;
  },
) {
  const t = useT();
  return (
    <section id="ticket-files" class="card" aria-labelledby="ticket-files-h">
      <FileAssets />
      <header class="card-head">
        <h2 id="ticket-files-h" class="card-title">{t("support.files.title")}</h2>
      </header>
      <Toast flash={flash} />
      {files.length === 0 && <p class="muted">{t("support.files.empty")}</p>}
      <FileList ticketId={ticketId} files={files} canDelete={canWrite} />
      {canWrite && (
        <form
          class="support-upload"
          method="post"
          action={`/support/tickets/${ticketId}/attachments`}
          enctype="multipart/form-data"
          data-target="#ticket-files"
          data-failed={t("support.files.failed")}
        >
          <label class="support-drop" for="ticket-file-input">
            <Icon name="upload" size={18} />
            <span>{t("support.files.drop")}</span>
            <input id="ticket-file-input" type="file" name="file" multiple required />
          </label>
          <div class="form-actions">
            <progress class="support-progress" max={100} value={0} hidden>0%</progress>
            <Button type="submit" variant="secondary" icon="upload">
              {t("support.files.upload")}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

/**
 * The reply box's e-mail choice, CC and files. Files dropped or chosen here are uploaded to
 * the ticket at once (support-files.js) and go with the comment as hidden attachmentIds.
 */
export function ReplyOptions(
  { ticketId, customerEmail }: { ticketId: string; customerEmail: string | null },
) {
  const t = useT();
  return (
    <div class="support-reply-options field-wide" data-reply-options>
      <input type="hidden" name="emailChoice" value="1" />
      {customerEmail
        ? (
          <div class="support-reply-email">
            <label class="checks">
              <input
                id="td-send-email"
                type="checkbox"
                name="emailSend"
                value="true"
                checked
                data-testid="send-email"
              />
              <span class="support-break">
                {t("support.reply.sendEmail", { email: customerEmail })}
              </span>
            </label>
            <Field label={t("support.reply.cc")} hint={t("support.reply.ccHint")}>
              <input
                id="td-cc"
                name="cc"
                type="text"
                inputMode="email"
                autoComplete="off"
                maxLength={2000}
                data-testid="reply-cc"
              />
            </Field>
          </div>
        )
        : <p class="muted">{t("support.reply.noEmail")}</p>}
      <p class="muted support-internal-never" hidden>{t("support.reply.internalNever")}</p>
      <div
        class="support-drop support-reply-drop"
        data-upload-url={`/api/support/support-ticket/${ticketId}/attachments`}
        data-failed={t("support.files.failed")}
        data-remove={t("support.files.remove", { name: "{name}" })}
      >
        <Icon name="paperclip" size={18} />
        <label for="td-files">{t("support.files.drop")}</label>
        <input id="td-files" type="file" multiple data-testid="reply-files" />
        <progress class="support-progress" max={100} value={0} hidden>0%</progress>
        <ul class="support-files support-pending" aria-live="polite"></ul>
      </div>
    </div>
  );
}
