import "./notifications.messages.ts";
import { type Locale, t } from "../../shared/i18n/i18n.ts";
import type { OutboxRow } from "./mail.schemas.ts";
import {
  Badge,
  DataTable,
  EmptyState,
  Field,
  Filters,
  RelativeTime,
  type Tone,
} from "../../ui/kit.ts";

export const OUTBOX_STATES = ["queued", "sending", "sent", "failed"] as const;
const TONES: Record<string, Tone> = {
  queued: "gray",
  sending: "blue",
  sent: "green",
  failed: "red",
};

/** The e-mail outbox: what waits, what was sent, what failed and why. */
export function OutboxTable(
  { l, rows, smtpConfigured, state }: {
    l: Locale;
    rows: OutboxRow[];
    smtpConfigured: boolean;
    state?: string;
  },
) {
  return (
    <>
      {!smtpConfigured && <p class="alert error" role="status">{t(l, "outbox.noMailServer")}</p>}
      <Filters action="/admin/outbox" target="#outbox" label={t(l, "ui.filters")}>
        <Field label={t(l, "outbox.state")}>
          <select name="state">
            <option value="">{t(l, "outbox.all")}</option>
            {OUTBOX_STATES.map((s) => (
              <option value={s} selected={state === s}>{t(l, `outbox.${s}Label`)}</option>
            ))}
          </select>
        </Field>
      </Filters>
      <DataTable
        id="outbox"
        label={t(l, "outbox.title")}
        rows={rows}
        columns={[
          { label: t(l, "outbox.to"), cell: (r) => <span>{r.toAddress}</span> },
          { label: t(l, "outbox.subject"), cell: (r) => r.subject },
          {
            label: t(l, "outbox.state"),
            cell: (r) => (
              <div>
                <Badge tone={TONES[r.state] ?? "gray"}>{t(l, `outbox.${r.state}Label`)}</Badge>
                {r.attempts > 1 && (
                  <div class="muted">{t(l, "outbox.attempts", { count: r.attempts })}</div>
                )}
                {r.interruptedAt && (
                  <div class="muted" title={t(l, "outbox.interruptedHint")}>
                    {t(l, "outbox.interrupted")}
                  </div>
                )}
                {r.lastError && <div class="muted">{r.lastError}</div>}
              </div>
            ),
          },
          {
            label: t(l, "outbox.created"),
            cell: (r) => <RelativeTime at={r.sentAt ?? r.createdAt} />,
            wide: true,
          },
        ]}
        empty={<EmptyState icon="mail" title={t(l, "outbox.empty")} />}
      />
    </>
  );
}
