import { DataTable, EmptyState, IconButton, Tabs, useT } from "../../../ui/kit.ts";
import { NotificationItem } from "../../../platform/notifications/public.ts";
import type { AutomationNotification } from "./notifications.schemas.ts";

const HREF = "/automation/notifications";

/**
 * Marks one read through the platform inbox's own route (one place marks read for every module,
 * and it updates the bell). htmx posts it without swapping; the list below listens for the end
 * of that request and redraws itself. Without script the platform's inbox opens instead.
 */
function MarkRead({ n }: { n: AutomationNotification }) {
  const t = useT();
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
        label={t("automation.notifications.markRead", { title: n.title })}
      />
    </form>
  );
}

/** The list with its tabs; redraws itself after a mark-read and when runs change. */
export function AutomationNotifications(
  { items, nextCursor, unreadOnly }: {
    items: AutomationNotification[];
    nextCursor: string | null;
    unreadOnly: boolean;
  },
) {
  const t = useT();
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
        label={t("automation.notifications.views")}
        items={[
          { href: HREF, label: t("automation.notifications.all"), current: !unreadOnly },
          {
            href: `${HREF}?unread=true`,
            label: t("automation.notifications.unread"),
            current: unreadOnly,
          },
        ]}
      />
      <DataTable
        id="automation-notification-list"
        label={t("automation.notifications.list")}
        rows={items}
        columns={[{
          label: t("automation.notifications.what"),
          cell: (n) => (
            <ul class="automation-notice">
              <NotificationItem n={{ ...n, userId: "", module: "automation" }} />
            </ul>
          ),
        }]}
        actionsLabel={t("ui.actions")}
        actions={(n) => <MarkRead n={n} />}
        empty={
          <EmptyState
            icon="bell-off"
            title={t(
              unreadOnly ? "automation.notifications.noneUnread" : "automation.notifications.empty",
            )}
          />
        }
        more={more ? { href: more, label: t("ui.loadMore") } : undefined}
      />
    </div>
  );
}
