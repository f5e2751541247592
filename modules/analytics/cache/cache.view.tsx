/**
 * The result cache on the dashboard: under each widget when its result was computed ("updated
 * 3 minutes ago") with a refresh button that bypasses the cache (client/dashboard.js), and the
 * sheet's cache setting in a dialog for its editors.
 */
import { Dialog, Field, IconButton, RelativeTime, useT } from "../../../ui/kit.ts";
import { TTL_CHOICES } from "./cache.rules.ts";
import type { CacheMeta } from "./cache.schemas.ts";

const MARK = "\u0001";

/** "Updated 3 minutes ago" (word order per language) and the refresh button. */
export function CacheNote(
  { widgetId, title, cache }: { widgetId: string; title: string; cache?: CacheMeta },
) {
  const t = useT();
  if (!cache?.storedAt) return null;
  const [before, after] = t("analytics.cache.updated", { when: MARK }).split(MARK);
  return (
    <p class="dash-cache muted" data-cache={cache.hit ? "hit" : "miss"}>
      <span>
        {before}
        <RelativeTime at={cache.storedAt} />
        {after}
      </span>
      <IconButton
        icon="refresh-cw"
        label={t("analytics.cache.refresh", { title })}
        data-cache-refresh={widgetId}
      />
    </p>
  );
}

/** The sheet's cache setting (editors): off, 1 minute … 1 day. */
export function CacheDialog(
  { action, back, ttlSeconds }: { action: string; back: string; ttlSeconds: number },
) {
  const t = useT();
  return (
    <Dialog
      id="dash-cache"
      title={t("analytics.cache.title")}
      trigger={t("analytics.cache.open")}
      icon="timer"
      iconOnly
      variant="secondary"
      closeLabel={t("analytics.cache.close")}
    >
      <form class="form" method="post" action={action}>
        <input type="hidden" name="back" value={back} />
        <Field label={t("analytics.cache.ttl")} hint={t("analytics.cache.help")}>
          <select name="ttlSeconds">
            {TTL_CHOICES.map((s) => (
              <option value={String(s)} selected={s === ttlSeconds}>
                {t(`analytics.cache.ttl.${s}`)}
              </option>
            ))}
          </select>
        </Field>
        <button type="submit" class="btn btn-primary">{t("analytics.cache.save")}</button>
      </form>
    </Dialog>
  );
}
