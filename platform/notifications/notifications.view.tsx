import "./notifications.messages.ts";
import { type Locale, t } from "../../shared/i18n/i18n.ts";
import type { NotificationRow } from "./notifications.schemas.ts";
import {
  Badge,
  DataTable,
  EmptyState,
  IconButton,
  RelativeTime,
  Tabs,
  TextWithTimes,
} from "../../ui/kit.ts";
export { NotificationBell, unreadCountHtml } from "../../ui/bell.tsx";

/**
 * A notification: its title (a link when it points somewhere), its text, new ones marked.
 * Texts are stored as written (an error message may carry a time): times read as dates.
 */
function What({ l, n }: { l: Locale; n: NotificationRow }) {
  const text = <TextWithTimes text={n.title} />;
  const title = n.link ? <a href={n.link}>{text}</a> : text;
  return (
    <div class={n.readAt ? "notification read" : "notification unread"} id={`notification-${n.id}`}>
      <div>
        {n.readAt ? title : <strong>{title}</strong>}
        {!n.readAt && (
          <>
            <Badge tone="blue">{t(l, "notifications.new")}</Badge>
          </>
        )}
      </div>
      {n.body && (
        <div class="muted">
          <TextWithTimes text={n.body} />
        </div>
      )}
    </div>
  );
}

/** Marks one read; htmx redraws the list (and the bell follows over SSE). */
function MarkRead({ l, n, unreadOnly }: { l: Locale; n: NotificationRow; unreadOnly: boolean }) {
  if (n.readAt) return null;
  const action = `/notifications/${n.id}/read${unreadOnly ? "?unread=true" : ""}`;
  return (
    <form
      method="post"
      action={action}
      class="inline"
      hx-post={action}
      hx-target="#notifications"
      hx-select="#notifications"
      hx-swap="outerHTML"
    >
      <IconButton
        type="submit"
        icon="check"
        label={t(l, "notifications.markReadOf", { title: n.title })}
      />
    </form>
  );
}

/** The inbox: all or unread, newest first, mark one read, "load more" (works without JS). */
export function NotificationList(
  { l, items, nextCursor, unreadOnly }: {
    l: Locale;
    items: NotificationRow[];
    nextCursor: string | null;
    unreadOnly: boolean;
  },
) {
  const more = nextCursor
    ? `/notifications?${new URLSearchParams({
      ...(unreadOnly ? { unread: "true" } : {}),
      cursor: nextCursor,
    })}`
    : undefined;
  return (
    <div id="notifications-panel">
      <Tabs
        label={t(l, "notifications.views")}
        items={[
          { href: "/notifications", label: t(l, "notifications.all"), current: !unreadOnly },
          {
            href: "/notifications?unread=true",
            label: t(l, "notifications.unreadOnly"),
            current: unreadOnly,
          },
        ]}
      />
      <DataTable
        id="notifications"
        label={t(l, "notifications.title")}
        rows={items}
        columns={[
          { label: t(l, "notifications.what"), cell: (n) => <What l={l} n={n} /> },
          {
            label: t(l, "notifications.module"),
            cell: (n) => <Badge>{t(l, `module.${n.module}`)}</Badge>,
            wide: true,
          },
          { label: t(l, "notifications.when"), cell: (n) => <RelativeTime at={n.createdAt} /> },
        ]}
        actionsLabel={t(l, "ui.actions")}
        actions={(n) => <MarkRead l={l} n={n} unreadOnly={unreadOnly} />}
        empty={
          <EmptyState
            icon="inbox"
            title={t(l, unreadOnly ? "notifications.noneUnread" : "notifications.empty")}
          />
        }
        more={more ? { href: more, label: t(l, "ui.loadMore") } : undefined}
      />
    </div>
  );
}

/**
 * One notification as a list item (title, text, module, when), for a module's own list of
 * notifications; prefer NotificationList's table for whole pages.
 */
export function NotificationItem({ l, n }: { l: Locale; n: NotificationRow }) {
  return (
    <li class="notification-item">
      <What l={l} n={n} />
      <div class="muted">
        {t(l, `module.${n.module}`)} · <RelativeTime at={n.createdAt} />
      </div>
    </li>
  );
}
