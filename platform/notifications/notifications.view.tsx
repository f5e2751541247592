import "./notifications.messages.ts";
import type { NotificationRow } from "./notifications.schemas.ts";
import {
  Badge,
  DataTable,
  EmptyState,
  IconButton,
  moduleLabel,
  RelativeTime,
  Tabs,
  TextWithTimes,
  useT,
} from "../../ui/kit.ts";
export { NotificationBell, unreadCountHtml } from "../../ui/bell.tsx";

/**
 * A notification: its title (a link when it points somewhere), its text, new ones marked.
 * Texts are stored as written (an error message may carry a time): times read as dates.
 */
function What({ n }: { n: NotificationRow }) {
  const t = useT();
  const text = <TextWithTimes text={n.title} />;
  const title = n.link ? <a href={n.link}>{text}</a> : text;
  return (
    <div class={n.readAt ? "notification read" : "notification unread"} id={`notification-${n.id}`}>
      <div>
        {n.readAt ? title : <strong>{title}</strong>}
        {!n.readAt && (
          <>
            <Badge tone="blue">{t("notifications.new")}</Badge>
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
function MarkRead({ n, unreadOnly }: { n: NotificationRow; unreadOnly: boolean }) {
  const t = useT();
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
        label={t("notifications.markReadOf", { title: n.title })}
      />
    </form>
  );
}

/** The inbox: all or unread, newest first, mark one read, "load more" (works without JS). */
export function NotificationList(
  { items, nextCursor, unreadOnly }: {
    items: NotificationRow[];
    nextCursor: string | null;
    unreadOnly: boolean;
  },
) {
  const t = useT();
  const more = nextCursor
    ? `/notifications?${new URLSearchParams({
      ...(unreadOnly ? { unread: "true" } : {}),
      cursor: nextCursor,
    })}`
    : undefined;
  return (
    <div id="notifications-panel">
      <Tabs
        label={t("notifications.views")}
        items={[
          { href: "/notifications", label: t("notifications.all"), current: !unreadOnly },
          {
            href: "/notifications?unread=true",
            label: t("notifications.unreadOnly"),
            current: unreadOnly,
          },
        ]}
      />
      <DataTable
        id="notifications"
        label={t("notifications.title")}
        rows={items}
        columns={[
          { label: t("notifications.what"), cell: (n) => <What n={n} /> },
          {
            label: t("notifications.module"),
            cell: (n) => <Badge>{moduleLabel(t, n.module)}</Badge>,
            wide: true,
          },
          { label: t("notifications.when"), cell: (n) => <RelativeTime at={n.createdAt} /> },
        ]}
        actionsLabel={t("ui.actions")}
        actions={(n) => <MarkRead n={n} unreadOnly={unreadOnly} />}
        empty={
          <EmptyState
            icon="inbox"
            title={t(unreadOnly ? "notifications.noneUnread" : "notifications.empty")}
          />
        }
        more={more ? { href: more, label: t("ui.loadMore") } : undefined}
      />
    </div>
  );
}

/**
 * One notification as a list item (title, text, module, when), for a module's own list of
 * notifications; prefer NotificationList's table for whole pages.
 */
export function NotificationItem({ n }: { n: NotificationRow }) {
  const t = useT();
  return (
    <li class="notification-item">
      <What n={n} />
      <div class="muted">
        {moduleLabel(t, n.module)} · <RelativeTime at={n.createdAt} />
      </div>
    </li>
  );
}
