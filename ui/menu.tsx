import { renderToString } from "preact-render-to-string";
import { currentOverrides, t } from "../shared/i18n/i18n.ts";
import { hasPermission } from "../shared/rbac/permissions.ts";
import type { MenuEntry, ShellData } from "../shared/modules.ts";
import { Icon } from "./icon.tsx";

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
  { labelKey: "nav.tenants", path: "/admin/tenants", operator: true },
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
 */
export function Menu({ shell }: { shell: ShellData }) {
  const l = shell.locale;
  return (
    <nav
      class="sidebar"
      id="sidebar"
      aria-label={t(l, "nav.menu")}
      dangerouslySetInnerHTML={{ __html: menuHtml(shell) }}
    />
  );
}

/**
 * The sidebar is the same for everyone with the same permissions on the same entry, so its
 * markup (a third of a page's shell) is rendered once per language, permissions and entry, and
 * again when the tenant's translations are reloaded (each load is a new object).
 */
const rendered = new Map<string, string>();
const MAX_MENUS = 1_000; // about 13 KB each
/** Numbers for the objects a menu depends on: the tenant's translations, the module list. */
const ids = new WeakMap<object, number>();
const NO_OVERRIDES = {};
let idCount = 0;
function idOf(o: object) {
  let id = ids.get(o);
  if (id === undefined) ids.set(o, id = ++idCount);
  return id;
}

function menuHtml(shell: ShellData): string {
  const menu = menuOf(shell);
  const texts = idOf(currentOverrides() ?? NO_OVERRIDES);
  const key = `${texts}|${
    idOf(shell.modules)
  }|${shell.locale}|${menu.here}|${shell.session.isOperator}|${
    shell.session.permissions.join(",")
  }`;
  let html = rendered.get(key);
  if (html === undefined) {
    html = renderToString(<MenuEntries l={shell.locale} menu={menu} />);
    if (rendered.size >= MAX_MENUS) rendered.delete(rendered.keys().next().value!);
    rendered.set(key, html);
  }
  return html;
}

/** The groups and entries this user may open, and the one the page belongs to. */
function menuOf(shell: ShellData) {
  const can = (e: MenuEntry & { operator?: boolean }) =>
    (!e.permission || hasPermission(shell.session.permissions, e.permission)) &&
    (!e.operator || shell.session.isOperator);
  const groups = shell.modules
    .map((m) => ({ m, items: m.menu.filter(can) }))
    .filter((g) => g.items.length > 0);
  const admin = ADMIN.filter(can);
  const all = [
    "/",
    "/notifications",
    ...groups.flatMap((g) => g.items.map((e) => e.path)),
    ...admin.map((e) => e.path),
  ];
  return { groups, admin, here: currentPath(all, shell.path) };
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
