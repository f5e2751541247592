import { Badge, Button, DataTable, EmptyState, RelativeTime, useT } from "../../../ui/kit.ts";
import type { NotificationRow } from "../../../platform/notifications/public.ts";

/** The reader's notifications about documents, newest first; the inbox marks them read. */
export function NotificationsPanel(
  { items, more }: { items: NotificationRow[]; more?: string },
) {
  const t = useT();
  return (
    <div id="docs-panel">
      <DataTable
        id="docs-notifications"
        label={t("page.notifications")}
        rows={items}
        columns={[
          {
            label: t("documents.notification"),
            cell: (n) => (
              <div class="docs-notification">
                <strong>{n.link ? <a href={n.link}>{n.title}</a> : n.title}</strong>
                {n.body && <p class="muted">{n.body}</p>}
              </div>
            ),
          },
          {
            label: t("documents.state"),
            cell: (n) => (
              <span>
                {n.readAt
                  ? <Badge tone="gray">{t("documents.read")}</Badge>
                  : <Badge tone="blue">{t("documents.unread")}</Badge>}
              </span>
            ),
          },
          { label: t("documents.received"), cell: (n) => <RelativeTime at={n.createdAt} /> },
        ]}
        empty={
          <EmptyState icon="bell" title={t("documents.noNotifications")}>
            {t("documents.noNotificationsHint")}
          </EmptyState>
        }
        more={more ? { href: more, label: t("documents.more") } : undefined}
      />
    </div>
  );
}

/** The way to the inbox, where notifications are marked read. */
export function InboxLink() {
  const t = useT();
  return (
    <Button href="/notifications" variant="secondary" icon="inbox">
      {t("documents.openInbox")}
    </Button>
  );
}
