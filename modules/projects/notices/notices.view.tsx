import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import { Button, Card, EmptyState, Toast } from "../../../ui/kit.ts";
import type { MailPreferences } from "./notices.schemas.ts";
import { NotificationItem } from "../../../platform/notifications/public.ts";

export function NoticesPanel(
  { l, items, nextHref, prefs, saved }: {
    l: Locale;
    items: {
      id: string;
      title: string;
      body: string;
      link: string | null;
      readAt: string | null;
      createdAt: string;
    }[];
    nextHref: string | null;
    prefs: MailPreferences;
    saved: boolean;
  },
) {
  const kinds = ["assignment", "comment", "mention", "due"] as const;
  return (
    <div id="notices-panel" class="pj-notices">
      <Card
        title={t(l, "projects.recentNotices")}
        actions={
          <Button href="/notifications" variant="ghost" small icon="inbox">
            {t(l, "projects.openInbox")}
          </Button>
        }
      >
        {items.length === 0
          ? <EmptyState icon="bell-off" title={t(l, "projects.noNotifications")} />
          : (
            <ul class="pj-notice-list">
              {/* The shared item; marking read happens in the inbox, one place for every module. */}
              {items.map((n) => (
                <NotificationItem l={l} n={{ ...n, userId: "", module: "projects" }} />
              ))}
            </ul>
          )}
        {nextHref && (
          <div class="load-more">
            <Button href={nextHref} variant="secondary">{t(l, "projects.more")}</Button>
          </div>
        )}
      </Card>
      <Card title={t(l, "projects.mailPrefs")}>
        <form
          method="post"
          action="/projects/notifications/preferences"
          hx-post="/projects/notifications/preferences"
          hx-target="#notices-panel"
          hx-swap="outerHTML"
        >
          <fieldset class="pj-plain">
            <legend class="sr-only">{t(l, "projects.mailPrefs")}</legend>
            <div class="checks">
              {kinds.map((k) => (
                <label>
                  <input type="checkbox" name="kinds" value={k} checked={prefs[k]} />
                  {t(l, `projects.notice.${k}`)}
                </label>
              ))}
            </div>
          </fieldset>
          {saved && <Toast flash={{ kind: "ok", text: t(l, "projects.saved") }} />}
          <div class="form-actions">
            <Button type="submit" icon="save">{t(l, "projects.save")}</Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
