import { renderToString } from "preact-render-to-string";
import { t } from "../shared/i18n/i18n.ts";
import { hasPermission } from "../shared/rbac/permissions.ts";
import type { MenuEntry, ShellData, ShellModule } from "../shared/modules.ts";
import { Icon } from "./icon.tsx";
import { BoundedCache } from "../shared/bounded-cache.ts";
import { idOf, textsKey } from "./markup-cache.ts";

/** Platform pages outside any module, listed under "Administration". */
const ADMIN: (MenuEntry & { operator?: boolean })[] = [
  { labelKey: "nav.users", path: "/admin/users", permission: "admin.user.read" },
  { labelKey: "nav.roles", path: "/admin/roles", permission: "admin.role.read" },
  {
    labelKey: "nav.translations",
    path: "/admin/translations",
    permission: "admin.translation.read",
  },
  { labelKey: "nav.tenant", path: "/admin/tenant", permission: "admin.tenant.write" },
  { labelKey: "nav.sso", path: "/admin/sso", permission: "admin.tenant.write" },
  {
    labelKey: "nav.serviceAccounts",
    path: "/admin/service-accounts",
    permission: "admin.user.write",
  },
  { labelKey: "nav.tenants", path: "/admin/tenants", operator: true },
  { labelKey: "nav.audit", path: "/admin/audit", permission: "admin.audit.read" },
  { labelKey: "nav.auditAll", path: "/admin/audit/all", operator: true },
  { labelKey: "nav.outbox", path: "/admin/outbox", permission: "admin.mail.read" },
  { labelKey: "nav.apiDocs", path: "/docs" },
];

/** The entry a path belongs to: exact, else the longest prefix (detail pages under a list). */
function currentPath(paths: string[], path: string): string | undefined {
  if (paths.includes(path)) return path;
  return paths
    .filter((p) => p !== "/" && path.startsWith(p.endsWith("/") ? p : `${p}/`))
    .sort((a, b) => b.length - a.length)[0];
}

/**
 * The sidebar: Home, then each module the user may open as a group (only the current module
 * expanded), then administration. Entries are only pages that exist and the user may see.
 * The sidebar is the page's full height (its background with it); the menu inside stays in
 * view as the page scrolls.
 */
export function Menu({ shell }: { shell: ShellData }) {
  const l = shell.locale;
  return (
    <nav class="sidebar" id="sidebar" aria-label={t(l, "nav.menu")}>
      <div class="sidebar-menu" dangerouslySetInnerHTML={{ __html: menuHtml(shell) }} />
    </nav>
  );
}

/**
 * The sidebar is the same for everyone with the same permissions on the same entry, so its
 * markup (a third of a page's shell) is rendered once per language, permissions and entry, and
 * again when the tenant's translations are reloaded.
 */
const rendered = new BoundedCache<string>(1_000); // about 13 KB each

function menuHtml(shell: ShellData): string {
  const menu = menuOf(shell);
  return rendered.get(
    `${textsKey()}|${menu.key}|${shell.locale}|${menu.here}`,
    () => renderToString(<MenuEntries l={shell.locale} menu={menu} />),
  );
}

type AllowedMenu = {
  key: string;
  groups: { m: ShellModule; items: MenuEntry[] }[];
  admin: MenuEntry[];
  paths: string[];
};
/**
 * The entries a set of permissions may open, kept per module list, operator flag and
 * permissions: matching every entry against every grant on each page cost a quarter of an
 * agent's page render.
 */
const allowed = new BoundedCache<AllowedMenu>(1_000);

function allowedMenu(shell: ShellData): AllowedMenu {
  const { isOperator, permissions } = shell.session;
  const key = `${idOf(shell.modules)}|${isOperator}|${permissions.join(",")}`;
  return allowed.get(key, () => {
    const can = (e: MenuEntry & { operator?: boolean }) =>
      (!e.permission || hasPermission(permissions, e.permission)) &&
      (!e.operator || isOperator);
    const groups = shell.modules
      .map((m) => ({ m, items: m.menu.filter(can) }))
      .filter((g) => g.items.length > 0);
    const admin = ADMIN.filter(can);
    const paths = [
      "/",
      "/notifications",
      ...groups.flatMap((g) => g.items.map((e) => e.path)),
      ...admin.map((e) => e.path),
    ];
    return { key, groups, admin, paths };
  });
}

/** The groups and entries this user may open, and the one the page belongs to. */
function menuOf(shell: ShellData) {
  const menu = allowedMenu(shell);
  return { ...menu, here: currentPath(menu.paths, shell.path) };
}

function MenuEntries(
  { l, menu: { groups, admin, here } }: { l: string; menu: ReturnType<typeof menuOf> },
) {
  const link = (path: string, label: string, icon?: string) => (
    <li>
      <a href={path} aria-current={here === path ? "page" : undefined}>
        {icon && <Icon name={icon} size={16} />}
        <span class="nav-label">{label}</span>
      </a>
    </li>
  );
  const group = (key: string, label: string, icon: string, items: MenuEntry[]) => {
    const open = items.some((e) => e.path === here);
    const sections = [...new Set(items.map((e) => e.section ?? ""))];
    return (
      <details class="nav-group" data-module={key} open={open}>
        <summary title={label}>
          <Icon name={icon} size={18} />
          <span class="nav-label">{label}</span>
          <Icon name="chevron-down" size={14} class="nav-chevron" />
        </summary>
        {sections.map((s) => (
          <>
            {s && <p class="nav-section">{t(l, `nav.section.${s}`)}</p>}
            <ul>
              {items.filter((e) => (e.section ?? "") === s).map((e) =>
                link(e.path, t(l, e.labelKey))
              )}
            </ul>
          </>
        ))}
      </details>
    );
  };
  return (
    <>
      <ul class="nav-top">
        {link("/", t(l, "nav.home"), "house")}
        {link("/notifications", t(l, "notifications.title"), "inbox")}
      </ul>
      {groups.map(({ m, items }) => group(m.name, t(l, m.labelKey), m.icon, items))}
      {admin.length > 0 && group("admin", t(l, "nav.admin"), "settings", admin)}
    </>
  );
}
