import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import { Badge, Button, DataTable, EmptyState, RelativeTime } from "../../../ui/kit.ts";
import type { NotificationRow } from "../../../platform/notifications/public.ts";

/** The reader's notifications about documents, newest first; the inbox marks them read. */
export function NotificationsPanel(
  { l, items, more }: { l: Locale; items: NotificationRow[]; more?: string },
) {
  return (
    <div id="docs-panel">
      <DataTable
        id="docs-notifications"
        label={t(l, "page.notifications")}
        rows={items}
        columns={[
          {
            label: t(l, "documents.notification"),
            cell: (n) => (
              <div class="docs-notification">
                <strong>{n.link ? <a href={n.link}>{n.title}</a> : n.title}</strong>
                {n.body && <p class="muted">{n.body}</p>}
              </div>
            ),
          },
          {
            label: t(l, "documents.state"),
            cell: (n) => (
              <span>
                {n.readAt
                  ? <Badge tone="gray">{t(l, "documents.read")}</Badge>
                  : <Badge tone="blue">{t(l, "documents.unread")}</Badge>}
              </span>
            ),
          },
          { label: t(l, "documents.received"), cell: (n) => <RelativeTime at={n.createdAt} /> },
        ]}
        empty={
          <EmptyState icon="bell" title={t(l, "documents.noNotifications")}>
            {t(l, "documents.noNotificationsHint")}
          </EmptyState>
        }
        more={more ? { href: more, label: t(l, "documents.more") } : undefined}
      />
    </div>
  );
}

/** The way to the inbox, where notifications are marked read. */
export function InboxLink({ l }: { l: Locale }) {
  return (
    <Button href="/notifications" variant="secondary" icon="inbox">
      {t(l, "documents.openInbox")}
    </Button>
  );
}
