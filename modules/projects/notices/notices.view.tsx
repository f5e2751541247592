import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import type { MailPreferences } from "./notices.types.ts";
import { NotificationItem } from "../../../platform/notifications/public.ts";
import { MoreLink } from "../common/ui.view.tsx";

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
    <div id="notices-panel">
      {items.length === 0
        ? <p class="muted">{t(l, "projects.noNotifications")}</p>
        : (
          <ul class="notifications">
            {/* The shared inbox item: its "mark read" form uses the shared read route. */}
            {items.map((n) => (
              <NotificationItem l={l} n={{ ...n, userId: "", module: "projects" }} />
            ))}
          </ul>
        )}
      <MoreLink href={nextHref} text={t(l, "projects.more")} />
      <form
        class="card"
        method="post"
        action="/projects/notifications/preferences"
        hx-post="/projects/notifications/preferences"
        hx-target="#notices-panel"
        hx-swap="outerHTML"
      >
        <fieldset>
          <legend>{t(l, "projects.mailPrefs")}</legend>
          {kinds.map((k) => (
            <label>
              <input type="checkbox" name="kinds" value={k} checked={prefs[k]} />{" "}
              {t(l, `projects.notice.${k}`)}
            </label>
          ))}
        </fieldset>
        {saved && <p class="alert ok" role="status">{t(l, "projects.saved")}</p>}
        <button type="submit">{t(l, "projects.save")}</button>
      </form>
    </div>
  );
}
