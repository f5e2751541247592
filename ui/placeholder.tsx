import { type Locale, t } from "../shared/i18n/i18n.ts";

/** The honest page for a menu entry whose module is not built yet. */
export function Placeholder(
  { locale: l, moduleLabel, pageLabel }: { locale: Locale; moduleLabel: string; pageLabel: string },
) {
  return (
    <div class="card" data-placeholder>
      <p>{t(l, "placeholder.body", { module: moduleLabel, page: pageLabel })}</p>
      <p class="muted">{t(l, "placeholder.note")}</p>
    </div>
  );
}
