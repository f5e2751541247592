import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import { DataTable, EmptyState, IconButton, Tabs } from "../../../ui/kit.ts";
import { NotificationItem } from "../../../platform/notifications/public.ts";
import type { AutomationNotification } from "./notifications.schemas.ts";

const HREF = "/automation/notifications";

/**
 * Marks one read through the platform inbox's own route (one place marks read for every module,
 * and it updates the bell). htmx posts it without swapping; the list below listens for the end
 * of that request and redraws itself. Without script the platform's inbox opens instead.
 */
function MarkRead({ l, n }: { l: Locale; n: AutomationNotification }) {
  if (n.readAt) return null;
  const action = `/notifications/${n.id}/read`;
  return (
    <form
      method="post"
      action={action}
      class="inline automation-mark-read"
      hx-post={action}
      hx-swap="none"
    >
      <IconButton
        type="submit"
        icon="check"
        label={t(l, "automation.notifications.markRead", { title: n.title })}
      />
    </form>
  );
}

/** The list with its tabs; redraws itself after a mark-read and when runs change. */
export function AutomationNotifications(
  { l, items, nextCursor, unreadOnly }: {
    l: Locale;
    items: AutomationNotification[];
    nextCursor: string | null;
    unreadOnly: boolean;
  },
) {
  const query = unreadOnly ? "?unread=true" : "";
  const more = nextCursor
    ? `${HREF}?${new URLSearchParams({
      ...(unreadOnly ? { unread: "true" } : {}),
      cursor: nextCursor,
    })}`
    : undefined;
  return (
    <div
      id="automation-notifications"
      hx-get={`${HREF}${query ? `${query}&` : "?"}part=list`}
      hx-trigger="htmx:afterRequest from:.automation-mark-read"
      hx-swap="outerHTML"
    >
      <Tabs
        label={t(l, "automation.notifications.views")}
        items={[
          { href: HREF, label: t(l, "automation.notifications.all"), current: !unreadOnly },
          {
            href: `${HREF}?unread=true`,
            label: t(l, "automation.notifications.unread"),
            current: unreadOnly,
          },
        ]}
      />
      <DataTable
        id="automation-notification-list"
        label={t(l, "automation.notifications.list")}
        rows={items}
        columns={[{
          label: t(l, "automation.notifications.what"),
          cell: (n) => (
            <ul class="automation-notice">
              <NotificationItem l={l} n={{ ...n, userId: "", module: "automation" }} />
            </ul>
          ),
        }]}
        actionsLabel={t(l, "ui.actions")}
        actions={(n) => <MarkRead l={l} n={n} />}
        empty={
          <EmptyState
            icon="bell-off"
            title={t(
              l,
              unreadOnly ? "automation.notifications.noneUnread" : "automation.notifications.empty",
            )}
          />
        }
        more={more ? { href: more, label: t(l, "ui.loadMore") } : undefined}
      />
    </div>
  );
}
