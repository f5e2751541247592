import { Button, Card, RelativeTime, Toast, useT } from "../../../ui/kit.ts";
import type { Flash } from "../common/ui.view.tsx";

/**
 * The person's calendar feed: make, make anew or revoke the secret link, and choose whether it
 * carries watched tasks. The address is shown once, right after it is made.
 */
export function FeedPanel(
  { enabled, includeWatched, createdAt, url, flash }: {
    enabled: boolean;
    includeWatched: boolean;
    createdAt: string | null;
    url: string | null;
    flash?: Flash;
  },
) {
  const t = useT();
  return (
    <Card title={t("projects.feed.title")}>
      {flash && <Toast flash={flash} />}
      <p>{t("projects.feed.intro")}</p>
      <p class="muted">{t("projects.feed.secret")}</p>
      {url && (
        <div class="field">
          <label class="field-label" for="feed-url">{t("projects.feed.url")}</label>
          <span class="pj-feed-url">
            <input id="feed-url" readOnly value={url} data-feed-url="" />
          </span>
          <span class="field-hint">{t("projects.feed.copyOnce")}</span>
        </div>
      )}
      {!url && enabled && createdAt && (
        <p>
          {t("projects.feed.active")} <RelativeTime at={createdAt} />
          <br />
          <span class="muted">{t("projects.feed.hidden")}</span>
        </p>
      )}
      {!enabled && <p>{t("projects.feed.none")}</p>}
      <form method="post" action="/projects/calendar-feed" class="pj-feed-actions">
        <label class="pj-check">
          <input
            type="checkbox"
            name="includeWatched"
            value="true"
            checked={includeWatched}
          />
          {t("projects.feed.includeWatched")}
        </label>
        <span class="pj-feed-actions">
          <Button type="submit" icon={enabled ? "refresh-cw" : "link"}>
            {t(enabled ? "projects.feed.recreate" : "projects.feed.create")}
          </Button>
          {enabled && (
            <Button
              type="submit"
              variant="secondary"
              formaction="/projects/calendar-feed/options"
            >
              {t("projects.feed.saveOptions")}
            </Button>
          )}
        </span>
      </form>
      {enabled && (
        <form method="post" action="/projects/calendar-feed/revoke" class="pj-feed-actions">
          <Button type="submit" variant="danger" icon="link-2-off">
            {t("projects.feed.revoke")}
          </Button>
        </form>
      )}
    </Card>
  );
}
