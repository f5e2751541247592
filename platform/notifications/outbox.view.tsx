import "./notifications.messages.ts";
import type { OutboxRow } from "./mail.schemas.ts";
import {
  Badge,
  DataTable,
  EmptyState,
  Field,
  Filters,
  RelativeTime,
  type Tone,
  useT,
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
  { rows, smtpConfigured, state }: {
    rows: OutboxRow[];
    smtpConfigured: boolean;
    state?: string;
  },
) {
  const t = useT();
  return (
    <>
      {!smtpConfigured && <p class="alert error" role="status">{t("outbox.noMailServer")}</p>}
      <Filters action="/admin/outbox" target="#outbox" label={t("ui.filters")}>
        <Field label={t("outbox.state")}>
          <select name="state">
            <option value="">{t("outbox.all")}</option>
            {OUTBOX_STATES.map((s) => (
              <option value={s} selected={state === s}>{t(`outbox.${s}Label`)}</option>
            ))}
          </select>
        </Field>
      </Filters>
      <DataTable
        id="outbox"
        label={t("outbox.title")}
        rows={rows}
        columns={[
          { label: t("outbox.to"), cell: (r) => <span>{r.toAddress}</span> },
          { label: t("outbox.subject"), cell: (r) => r.subject },
          {
            label: t("outbox.state"),
            cell: (r) => (
              <div>
                <Badge tone={TONES[r.state] ?? "gray"}>{t(`outbox.${r.state}Label`)}</Badge>
                {r.attempts > 1 && (
                  <div class="muted">{t("outbox.attempts", { count: r.attempts })}</div>
                )}
                {r.interruptedAt && (
                  <div class="muted" title={t("outbox.interruptedHint")}>
                    {t("outbox.interrupted")}
                  </div>
                )}
                {r.lastError && <div class="muted">{r.lastError}</div>}
              </div>
            ),
          },
          {
            label: t("outbox.created"),
            cell: (r) => <RelativeTime at={r.sentAt ?? r.createdAt} />,
            wide: true,
          },
        ]}
        empty={<EmptyState icon="mail" title={t("outbox.empty")} />}
      />
    </>
  );
}
