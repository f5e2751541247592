import { t } from "../shared/i18n/i18n.ts";
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
  const here = currentPath(all, shell.path);
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
    <nav class="sidebar" id="sidebar" aria-label={t(l, "nav.menu")}>
      <ul class="nav-top">
        {link("/", t(l, "nav.home"), "house")}
        {link("/notifications", t(l, "notifications.title"), "inbox")}
      </ul>
      {groups.map(({ m, items }) => group(m.name, t(l, m.labelKey), m.icon, items))}
      {admin.length > 0 && group("admin", t(l, "nav.admin"), "settings", admin)}
    </nav>
  );
}
