import { type Locale, t } from "../../shared/i18n/i18n.ts";
import type { NotificationRow } from "./notifications.schemas.ts";
export { NotificationBell, unreadCountHtml } from "../../ui/bell.tsx";

function Item({ l, n }: { l: Locale; n: NotificationRow }) {
  return (
    <li id={`notification-${n.id}`} class={n.readAt ? "notification read" : "notification unread"}>
      <div>
        <strong>{n.link ? <a href={n.link}>{n.title}</a> : n.title}</strong>{" "}
        <span class="badge">{t(l, `module.${n.module}`)}</span>
        {n.body && <p>{n.body}</p>}
        <time datetime={n.createdAt} class="muted">
          {n.createdAt.replace("T", " ").slice(0, 16)}
        </time>
      </div>
      {!n.readAt && (
        <form
          method="post"
          action={`/notifications/${n.id}/read`}
          hx-post={`/notifications/${n.id}/read`}
          hx-target={`#notification-${n.id}`}
          hx-swap="outerHTML"
        >
          <button type="submit" class="secondary">{t(l, "notifications.markRead")}</button>
        </form>
      )}
    </li>
  );
}

export function NotificationItem(props: { l: Locale; n: NotificationRow }) {
  return <Item {...props} />;
}

/** The inbox: newest first, mark one or all read, "load more" paging (works without JS). */
export function NotificationList(
  { l, items, nextCursor, unreadOnly }: {
    l: Locale;
    items: NotificationRow[];
    nextCursor: string | null;
    unreadOnly: boolean;
  },
) {
  const more = `/notifications?${new URLSearchParams({
    ...(unreadOnly ? { unread: "true" } : {}),
    cursor: nextCursor ?? "",
  })}`;
  return (
    <div id="notifications-panel">
      <p class="toolbar">
        <a href={unreadOnly ? "/notifications" : "/notifications?unread=true"}>
          {t(l, unreadOnly ? "notifications.showAll" : "notifications.showUnread")}
        </a>{" "}
        <form
          method="post"
          action="/notifications/read-all"
          class="inline"
          hx-post="/notifications/read-all"
          hx-target="#notifications-panel"
          hx-swap="outerHTML"
        >
          <button type="submit" class="secondary">{t(l, "notifications.markAllRead")}</button>
        </form>
      </p>
      {items.length === 0 && <p class="muted">{t(l, "notifications.empty")}</p>}
      <ul class="notifications">{items.map((n) => <Item l={l} n={n} />)}</ul>
      {nextCursor && (
        <p>
          <a href={more}>{t(l, "notifications.more")}</a>
        </p>
      )}
    </div>
  );
}
