import { Hono } from "hono";
import type { AppEnv } from "../../shared/http/env.ts";
import { createRouter } from "../../shared/http/router.ts";
import {
  entries,
  type MenuEntry,
  type ModuleManifest,
  type RoleGrants,
} from "../../shared/modules.ts";
import { requirePermission } from "../../shared/rbac/permissions.ts";
import { page, tr } from "../../ui/render.tsx";
import { Placeholder } from "../../ui/placeholder.tsx";
import { translationsApi, translationsPages } from "../translations/public.ts";

/**
 * A module that is not built yet: its menu, its permissions, an empty API and an honest
 * "not built yet" page behind every menu entry. Each module's own issue replaces it.
 *
 * With `translations`, the module's "translations" menu entry (labelKey `page.translations`)
 * is the real translations page, and its API gets `/translations` (read and write need the
 * given permissions).
 */
export function placeholderModule(
  def: {
    name: string;
    icon: string;
    permissions: string[];
    menu: MenuEntry[];
    grants?: RoleGrants;
    translations?: { read: string; write: string };
  },
): ModuleManifest {
  const { translations, ...manifest } = def;
  const pages = new Hono<AppEnv>();
  for (const entry of def.menu) {
    const path = entry.path.slice(def.name.length + 1) || "/";
    if (translations && entry.labelKey === "page.translations") {
      pages.route(path, translationsPages({ base: entry.path, ...translations }));
      continue;
    }
    const guard = requirePermission(...(entry.permission ? [entry.permission] : []));
    pages.get(path, guard, (c) => {
      const t = tr(c);
      return page(
        c,
        t(entry.labelKey),
        <Placeholder
          locale={c.var.locale}
          moduleLabel={t(`module.${def.name}`)}
          pageLabel={t(entry.labelKey)}
        />,
      );
    });
  }
  const api = translations ? translationsApi(def.name, translations) : createRouter();
  return { ...manifest, labelKey: `module.${def.name}`, api, pages, jobs: [] };
}

export { entries };
