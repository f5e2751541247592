import { Button, Card, EmptyState, Toast, useT } from "../../../ui/kit.ts";
import type { MailPreferences } from "./notices.schemas.ts";
import { NotificationItem } from "../../../platform/notifications/public.ts";

export function NoticesPanel(
  { items, nextHref, prefs, saved }: {
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
  const t = useT();
  const kinds = ["assignment", "comment", "mention", "due"] as const;
  return (
    <div id="notices-panel" class="pj-notices">
      <Card
        title={t("projects.recentNotices")}
        actions={
          <Button href="/notifications" variant="ghost" small icon="inbox">
            {t("projects.openInbox")}
          </Button>
        }
      >
        {items.length === 0
          ? <EmptyState icon="bell-off" title={t("projects.noNotifications")} />
          : (
            <ul class="pj-notice-list">
              {/* The shared item; marking read happens in the inbox, one place for every module. */}
              {items.map((n) => <NotificationItem n={{ ...n, userId: "", module: "projects" }} />)}
            </ul>
          )}
        {nextHref && (
          <div class="load-more">
            <Button href={nextHref} variant="secondary">{t("projects.more")}</Button>
          </div>
        )}
      </Card>
      <Card title={t("projects.mailPrefs")}>
        <form
          method="post"
          action="/projects/notifications/preferences"
          hx-post="/projects/notifications/preferences"
          hx-target="#notices-panel"
          hx-swap="outerHTML"
        >
          <fieldset class="pj-plain">
            <legend class="sr-only">{t("projects.mailPrefs")}</legend>
            <div class="checks">
              {kinds.map((k) => (
                <label>
                  <input type="checkbox" name="kinds" value={k} checked={prefs[k]} />
                  {t(`projects.notice.${k}`)}
                </label>
              ))}
            </div>
          </fieldset>
          {saved && <Toast flash={{ kind: "ok", text: t("projects.saved") }} />}
          <div class="form-actions">
            <Button type="submit" icon="save">{t("projects.save")}</Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
