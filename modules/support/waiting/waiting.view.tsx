import { Button, DateTime, Icon, useT } from "../../../ui/kit.ts";
import type { Ticket } from "../tickets/tickets.schemas.ts";

/** The ticket page's forms answer with the page; htmx swaps its content in place. */
const post = (action: string) => ({
  method: "post",
  action,
  "hx-post": action,
  "hx-target": "#content",
  "hx-select": "#content",
  "hx-swap": "outerHTML",
});

/**
 * On the ticket page: "Waiting on customer since …" with Resume while the ticket waits; on an
 * `islemde` ticket that does not, the buttons that put it on hold.
 */
export function WaitingNote({ ticket, canWrite }: { ticket: Ticket; canWrite: boolean }) {
  const t = useT();
  const base = `/support/tickets/${ticket.id}`;
  if (ticket.pendingReason && ticket.pausedAt) {
    return (
      <div class="support-waiting" data-testid="waiting">
        <Icon name="pause" size={16} />
        <p>
          <strong>{t(`support.waiting.${ticket.pendingReason}`)}</strong>{" "}
          <span>
            <SinceText at={ticket.pausedAt} />
          </span>
          <br />
          <span class="muted">{t("support.waiting.paused")}</span>
        </p>
        {canWrite && (
          <form class="inline" {...post(`${base}/resume`)}>
            <Button type="submit" variant="secondary" icon="play" data-testid="resume">
              {t("support.waiting.resume")}
            </Button>
          </form>
        )}
      </div>
    );
  }
  if (!canWrite || ticket.status !== "islemde") return null;
  return (
    <div class="support-waiting-actions">
      <form class="inline" {...post(`${base}/pending`)}>
        <input type="hidden" name="reason" value="customer" />
        <Button type="submit" variant="ghost" small icon="pause" data-testid="wait-customer">
          {t("support.waiting.set")}
        </Button>
      </form>
      <form class="inline" {...post(`${base}/pending`)}>
        <input type="hidden" name="reason" value="third_party" />
        <Button type="submit" variant="ghost" small icon="pause">
          {t("support.waiting.setThirdParty")}
        </Button>
      </form>
    </div>
  );
}

/** "since <date>" with the date as a <time> element, in the reader's words. */
function SinceText({ at }: { at: string }) {
  const t = useT();
  const [before, after] = t("support.waiting.since", { since: "\u0000" }).split("\u0000");
  return (
    <>
      {before}
      <DateTime at={at} />
      {after}
    </>
  );
}
