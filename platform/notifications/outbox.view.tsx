import { type Locale, t } from "../../shared/i18n/i18n.ts";
import type { OutboxRow } from "./mail.ts";

/** The e-mail outbox: what waits, what was sent, what failed and why. */
export function OutboxTable(
  { l, rows, smtpConfigured }: { l: Locale; rows: OutboxRow[]; smtpConfigured: boolean },
) {
  return (
    <>
      {!smtpConfigured && <p class="alert error">{t(l, "outbox.noSmtp")}</p>}
      <form method="get" class="inline">
        <label for="outbox-state">{t(l, "outbox.state")}</label>
        <select id="outbox-state" name="state">
          <option value="">{t(l, "outbox.all")}</option>
          {["queued", "sending", "sent", "failed"].map((s) => (
            <option value={s}>{t(l, `outbox.${s}`)}</option>
          ))}
        </select>{" "}
        <button type="submit" class="secondary">{t(l, "outbox.filter")}</button>
      </form>
      {rows.length === 0 ? <p class="muted">{t(l, "outbox.empty")}</p> : (
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th>{t(l, "outbox.to")}</th>
                <th>{t(l, "outbox.subject")}</th>
                <th>{t(l, "outbox.state")}</th>
                <th>{t(l, "outbox.created")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr data-state={r.state}>
                  <td>{r.toAddress}</td>
                  <td>{r.subject}</td>
                  <td>
                    {t(l, `outbox.${r.state}`)}{" "}
                    {r.attempts > 0 && <span class="muted">({r.attempts})</span>}
                    {r.lastError && <div class="muted">{r.lastError}</div>}
                  </td>
                  <td>
                    <time datetime={r.createdAt}>{r.createdAt.replace("T", " ").slice(0, 16)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
