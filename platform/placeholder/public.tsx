import "./placeholder.messages.ts";
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
import { EmptyState, page, tr } from "../../ui/kit.ts";
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
      const module = t(`module.${def.name}`);
      return page(
        c,
        t(entry.labelKey),
        <div data-placeholder>
          <EmptyState
            icon="construction"
            title={t("placeholder.body", { module, page: t(entry.labelKey) })}
          >
            {t("placeholder.later")}
          </EmptyState>
        </div>,
        { crumbs: [{ label: module }] },
      );
    });
  }
  const api = translations ? translationsApi(def.name, translations) : createRouter();
  // The pages answer (links and bookmarks keep working) but the menu lists only built pages.
  return { ...manifest, menu: [], labelKey: `module.${def.name}`, api, pages, jobs: [] };
}

export { entries };
