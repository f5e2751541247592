import { renderToString } from "preact-render-to-string";
import { type Locale, t } from "../shared/i18n/i18n.ts";
import { Icon } from "./icon.tsx";

/** The count inside the top bar's badge; also sent over SSE to replace it live. */
export function UnreadCount({ l, count }: { l: Locale; count: number }) {
  return (
    <>
      <span class={count > 0 ? "count" : "count empty"} data-unread={count} aria-hidden="true">
        {count > 99 ? "99+" : count}
      </span>
      <span class="sr-only">{t(l, "notifications.unread", { count })}</span>
    </>
  );
}

export const unreadCountHtml = (l: Locale, count: number) =>
  renderToString(<UnreadCount l={l} count={count} />);

/**
 * Top bar link to the inbox. ui/assets/app.js keeps a server-sent-events stream open while the
 * tab is visible and swaps the count when the inbox changes; hidden tabs close theirs, because
 * a browser allows only six connections per host and many open tabs would stall page loads.
 */
export function NotificationBell({ l, count }: { l: Locale; count: number }) {
  return (
    <a
      class="bell btn btn-ghost btn-icon"
      href="/notifications"
      title={t(l, "notifications.title")}
    >
      <Icon name="bell" size={18} />
      <span
        id="unread-badge"
        data-stream="/api/notifications/stream"
        data-stream-event="unread"
        aria-live="polite"
      >
        <UnreadCount l={l} count={count} />
      </span>
    </a>
  );
}
