import type { Actor } from "../../shared/http/actor.ts";
import type { ModuleManifest } from "../../shared/modules.ts";
import { type Locale, t } from "../../shared/i18n/i18n.ts";
import type { SearchGroup, SearchInput, SearchResults } from "./search.schemas.ts";

/**
 * Asks every module with a search provider, one after another (they share the request's
 * transaction), and keeps the modules that found something, in menu order.
 */
export async function searchEverything(
  actor: Actor,
  { modules, input, locale }: { modules: ModuleManifest[]; input: SearchInput; locale: Locale },
): Promise<SearchResults> {
  const groups: SearchGroup[] = [];
  for (const m of modules) {
    if (!m.search) continue;
    const items = await m.search(actor, input.q, input.limit);
    if (items.length) groups.push({ module: m.name, label: t(locale, m.labelKey), items });
  }
  return { groups };
}
