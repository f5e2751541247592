import type { ComponentChildren } from "preact";
import type { MessageKey } from "../../../shared/i18n/i18n.ts";
import { Badge, Button, Card, DateTime, type Tone, useT } from "../../../ui/kit.ts";
import { FileList } from "../attachments/attachments.view.tsx";
import type { OriginalMail } from "./mail.schemas.ts";

const STATE_TONE: Record<OriginalMail["state"], Tone> = {
  queued: "blue",
  processed: "green",
  ignored: "gray",
  failed: "red",
};

function Fact({ label, children }: { label: string; children: ComponentChildren }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** The buttons above the original: download the raw message, back to its ticket. */
export function OriginalActions({ mail }: { mail: OriginalMail }) {
  const t = useT();
  return (
    <>
      {mail.ticket && (
        <Button variant="secondary" icon="ticket" href={`/support/tickets/${mail.ticket.id}`}>
          {mail.ticket.number}
        </Button>
      )}
      {mail.hasRaw && (
        <Button
          variant="secondary"
          icon="download"
          href={`/support/mail/${mail.id}/raw`}
          data-testid="mail-raw"
        >
          {t("support.mail.downloadRaw")}
        </Button>
      )}
    </>
  );
}

/** A received e-mail as it came: headers, the message (made safe), files, the whole text. */
export function OriginalMailView({ mail }: { mail: OriginalMail }) {
  const t = useT();
  return (
    <div class="support-mail">
      <Card title={mail.subject || t("support.mail.noSubject")}>
        <dl class="support-facts" data-testid="mail-headers">
          <Fact label={t("support.mail.from")}>{mail.from ?? "—"}</Fact>
          {mail.to.length > 0 && <Fact label={t("support.mail.to")}>{mail.to.join(", ")}</Fact>}
          {mail.cc.length > 0 && <Fact label={t("support.mail.cc")}>{mail.cc.join(", ")}</Fact>}
          <Fact label={t("support.mail.date")}>
            <DateTime at={mail.date ?? mail.receivedAt} />
          </Fact>
          <Fact label={t("support.mail.received")}>
            <DateTime at={mail.receivedAt} />
          </Fact>
          {mail.mailbox && (
            <Fact label={t("support.mail.mailbox")}>
              {mail.mailbox.name} ({mail.mailbox.address})
            </Fact>
          )}
          {mail.ticket && (
            <Fact label={t("support.mail.ticket")}>
              <a href={`/support/tickets/${mail.ticket.id}`}>
                {mail.ticket.number}: {mail.ticket.subject}
              </a>
            </Fact>
          )}
          <Fact label={t("support.mail.status")}>
            <Badge tone={STATE_TONE[mail.state]}>
              {t(`support.mail.state.${mail.state}` as MessageKey)}
            </Badge>
          </Fact>
          {mail.reason && <Fact label={t("support.mail.note")}>{mail.reason}</Fact>}
        </dl>
      </Card>
      {mail.unreadable && (
        <p class="support-mail-warning" role="status">
          {t("support.mail.unreadable", { reason: mail.unreadable })}
        </p>
      )}
      {!mail.hasRaw && <p class="muted">{t("support.mail.rawGone")}</p>}
      {mail.hasRaw && !mail.unreadable && (
        <>
          {/* A text-only message has only the text card below. */}
          {mail.html && (
            <Card title={t("support.mail.formatted")}>
              {/* sanitised by the service (mail.html.lib.ts): no script, style or remote image */}
              <div
                class="support-mail-html"
                data-testid="mail-html"
                dangerouslySetInnerHTML={{ __html: mail.html }}
              />
              <p class="muted support-mail-hint">{t("support.mail.remoteImages")}</p>
            </Card>
          )}
          {(mail.files.length > 0 || mail.missing.length > 0) && mail.ticket && (
            <Card title={t("support.mail.attachments")}>
              {/* the ticket page's file list styles (attachments/) */}
              <link rel="stylesheet" href="/assets/support-files.css" />
              <FileList ticketId={mail.ticket.id} files={mail.files} canDelete={false} />
              {mail.missing.length > 0 && (
                <ul class="support-mail-missing">
                  {mail.missing.map((name) => (
                    <li>
                      {name} <span class="muted">— {t("support.mail.notStored")}</span>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          )}
          <Card title={t("support.mail.fullText")}>
            {mail.text
              ? <pre class="support-mail-text" data-testid="mail-text">{mail.text}</pre>
              : <p class="muted">{t("support.mail.noText")}</p>}
          </Card>
        </>
      )}
    </div>
  );
}
