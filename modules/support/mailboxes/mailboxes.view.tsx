/** The mailbox page's parts: its status, its endpoint and token, its messages by state. */
import {
  Badge,
  Button,
  Card,
  DataTable,
  EmptyState,
  formatBytes,
  RelativeTime,
  Tabs,
  Toast,
  useReader,
  useT,
} from "../../../ui/kit.ts";
import type { Flash } from "../../../ui/kit.ts";
import type { Tone } from "../../../ui/badge.tsx";
import type { InboundMessage, Mailbox, MessageState } from "./mailboxes.schemas.ts";
import { MESSAGE_STATES } from "./mailboxes.schemas.ts";
import { REASON_TOO_LARGE, REASON_UNPARSABLE } from "./mailboxes.rules.ts";

const STATE_TONE: Record<MessageState, Tone> = {
  queued: "gray",
  processed: "green",
  ignored: "purple",
  failed: "red",
};

/** Working, failing, switched off or not checked yet (with when, and the error's text). */
export function MailboxStatus({ m }: { m: Mailbox }) {
  const t = useT();
  if (!m.enabled) return <Badge tone="gray">{t("support.mailbox.off")}</Badge>;
  if (m.lastError) {
    return <Badge tone="red" title={m.lastError}>{t("support.mailbox.error")}</Badge>;
  }
  if (!m.imapHost) return <Badge tone="green">{t("support.mailbox.ok")}</Badge>;
  if (!m.lastCheckedAt) return <Badge tone="gray">{t("support.mailbox.notChecked")}</Badge>;
  return (
    <span class="support-mailbox-status">
      <Badge tone="green">{t("support.mailbox.ok")}</Badge> <RelativeTime at={m.lastCheckedAt} />
    </span>
  );
}

/** The way mail comes in: IMAP from a server, or only the inbound endpoint. */
export function Receives({ m }: { m: Mailbox }) {
  const t = useT();
  return m.imapHost
    ? <span>{t("support.mailbox.viaImap", { host: m.imapHost })}</span>
    : <span>{t("support.mailbox.viaHttp")}</span>;
}

/** Facts of one mailbox and its actions (test, check now, new token). */
export function MailboxFacts(
  { m, origin, canWrite, token, flash }: {
    m: Mailbox;
    origin: string;
    canWrite: boolean;
    token?: string;
    flash?: Flash;
  },
) {
  const t = useT();
  const base = `/support/mailboxes/${m.id}`;
  const url = `${origin}${m.inboundPath}`;
  return (
    <div id="mailbox-facts" class="grid grid-lg">
      <Card
        title={t("support.mailbox.settings")}
        actions={canWrite && m.imapHost && (
          <>
            <Button
              variant="secondary"
              small
              icon="plug"
              hx-post={`${base}/test`}
              hx-target="#mailbox-test"
              hx-swap="innerHTML"
            >
              {t("support.mailbox.test")}
            </Button>
            <form method="post" action={`${base}/check`} class="inline">
              <Button type="submit" variant="secondary" small icon="refresh-cw">
                {t("support.mailbox.check")}
              </Button>
            </form>
          </>
        )}
      >
        <div id="mailbox-test" aria-live="polite">
          <Toast flash={flash} />
        </div>
        <dl class="support-facts">
          <dt>{t("support.mailbox.address")}</dt>
          <dd>{m.address}</dd>
          <dt>{t("support.mailbox.receives")}</dt>
          <dd>
            <Receives m={m} />
          </dd>
          {m.imapHost && (
            <>
              <dt>{t("support.mailbox.imapUser")}</dt>
              <dd>{m.imapUser}</dd>
              <dt>{t("support.mailbox.imapFolder")}</dt>
              <dd>{m.imapFolder}</dd>
            </>
          )}
          <dt>{t("support.mailbox.status")}</dt>
          <dd>
            <MailboxStatus m={m} />
          </dd>
          {m.lastError && (
            <>
              <dt>{t("support.mailbox.lastError")}</dt>
              <dd class="support-mailbox-error">{m.lastError}</dd>
            </>
          )}
        </dl>
      </Card>
      <Card
        title={t("support.mailbox.inbound")}
        actions={canWrite && (
          <form
            method="post"
            action={`${base}/token`}
            class="inline"
            hx-confirm={t("support.mailbox.confirmToken")}
          >
            <Button type="submit" variant="secondary" small icon="key-round">
              {t("support.mailbox.newToken")}
            </Button>
          </form>
        )}
      >
        <p class="muted">{t("support.mailbox.inboundHelp")}</p>
        <dl class="support-facts">
          <dt>URL</dt>
          <dd>
            <code class="support-break">{url}</code>
          </dd>
          <dt>{t("support.mailbox.token")}</dt>
          <dd>
            {token
              ? <code class="support-break">{token}</code>
              : m.hasInboundToken
              ? t("support.mailbox.tokenSet")
              : t("support.mailbox.tokenNone")}
          </dd>
        </dl>
        {token && (
          <>
            <Toast flash={{ kind: "ok", text: t("support.mailbox.tokenOnce") }} />
            <p>{t("support.mailbox.example")}</p>
            <pre class="support-break">{`curl -X POST ${url} \\\n  -H 'Authorization: Bearer ${token}' \\\n  -H 'Content-Type: message/rfc822' \\\n  --data-binary @message.eml`}</pre>
          </>
        )}
      </Card>
    </div>
  );
}

function Reason({ reason }: { reason: string | null }) {
  const t = useT();
  if (!reason) return <span class="muted">—</span>;
  if (reason === REASON_TOO_LARGE) return <span>{t("support.mailbox.reason.tooLarge")}</span>;
  if (reason === REASON_UNPARSABLE) return <span>{t("support.mailbox.reason.unparsable")}</span>;
  return <span>{reason}</span>;
}

/** The messages of a mailbox with tabs by state; failed ones can be retried. */
export function MessageList(
  { m, state, items, counts, more, canWrite }: {
    m: Mailbox;
    state?: MessageState;
    items: InboundMessage[];
    counts: Partial<Record<MessageState, number>>;
    more?: string;
    canWrite: boolean;
  },
) {
  const t = useT();
  const { locale } = useReader();
  const base = `/support/mailboxes/${m.id}`;
  const total = MESSAGE_STATES.reduce((n, s) => n + (counts[s] ?? 0), 0);
  return (
    <Card title={t("support.mailbox.messages")} flush>
      <Tabs
        label={t("support.mailbox.state")}
        items={[
          { href: base, label: t("support.mailbox.all"), current: !state, count: total },
          ...MESSAGE_STATES.map((s) => ({
            href: `${base}?state=${s}`,
            label: t(`support.mailbox.state.${s}`),
            current: state === s,
            count: counts[s] ?? 0,
          })),
        ]}
      />
      <DataTable
        id="mailbox-messages"
        label={t("support.mailbox.messages")}
        rows={items}
        columns={[
          { label: t("support.mailbox.received"), cell: (r) => <RelativeTime at={r.receivedAt} /> },
          { label: t("support.mailbox.from"), cell: (r) => r.fromAddress ?? "—" },
          {
            label: t("support.mailbox.subject"),
            cell: (r) => r.subject || <span class="muted">{t("support.mailbox.noSubject")}</span>,
          },
          {
            label: t("support.mailbox.size"),
            cell: (r) => formatBytes(locale, r.size),
            numeric: true,
            wide: true,
          },
          {
            label: t("support.mailbox.state"),
            cell: (r) => (
              <Badge tone={STATE_TONE[r.state]}>{t(`support.mailbox.state.${r.state}`)}</Badge>
            ),
          },
          { label: t("support.mailbox.reason"), cell: (r) => <Reason reason={r.reason} /> },
        ]}
        actionsLabel={t("support.actions")}
        actions={(r) => (
          <span class="support-row-actions">
            {r.ticketId && (
              <Button href={`/support/tickets/${r.ticketId}`} variant="ghost" small icon="ticket">
                {t("support.mailbox.openTicket")}
              </Button>
            )}
            {canWrite && r.state === "failed" && (
              <form method="post" action={`${base}/messages/${r.id}/retry`} class="inline">
                <Button type="submit" variant="secondary" small icon="rotate-ccw">
                  {t("support.mailbox.retry")}
                </Button>
              </form>
            )}
            {canWrite && r.hasRaw && (
              <Button
                href={`/api/support/mailboxes/${m.id}/messages/${r.id}/raw`}
                variant="ghost"
                small
                icon="download"
                download
              >
                {t("support.mailbox.download")}
              </Button>
            )}
          </span>
        )}
        empty={<EmptyState icon="inbox" title={t("support.mailbox.noMessages")} />}
        more={more ? { href: more, label: t("ui.loadMore") } : undefined}
      />
    </Card>
  );
}
