import { t } from "../shared/i18n/i18n.ts";
import { hasPermission } from "../shared/rbac/permissions.ts";
import type { ShellData } from "../shared/modules.ts";

/** The left-hand menu: each module with the pages the user may open; others are hidden. */
export function Menu({ shell }: { shell: ShellData }) {
  const l = shell.locale;
  const can = (p?: string) => !p || hasPermission(shell.session.permissions, p);
  const modules = shell.modules
    .map((m) => ({ m, entries: m.menu.filter((e) => can(e.permission)) }))
    .filter((x) => x.entries.length > 0);
  const admin = [
    { labelKey: "nav.users", path: "/admin/users", permission: "admin.user.read" },
    { labelKey: "nav.roles", path: "/admin/roles", permission: "admin.role.read" },
    { labelKey: "nav.outbox", path: "/admin/outbox", permission: "admin.mail.read" },
  ].filter((e) => can(e.permission));
  const link = (path: string, label: string) => (
    <li>
      <a href={path} aria-current={shell.path === path ? "page" : undefined}>{label}</a>
    </li>
  );
  return (
    <nav class="menu" aria-label={t(l, "nav.menu")}>
      <details open>
        <summary>{t(l, "nav.menu")}</summary>
        <ul>
          {link("/", t(l, "nav.home"))}
          {link("/notifications", t(l, "notifications.title"))}
        </ul>
        {modules.map(({ m, entries }) => (
          <section class="menu-module" data-module={m.name}>
            <h2>
              <span aria-hidden="true">{m.icon}</span> {t(l, m.labelKey)}
            </h2>
            <ul>{entries.map((e) => link(e.path, t(l, e.labelKey)))}</ul>
          </section>
        ))}
        {admin.length > 0 && (
          <section class="menu-module" data-module="admin">
            <h2>{t(l, "nav.admin")}</h2>
            <ul>
              {admin.map((e) => link(e.path, t(l, e.labelKey)))}
              {link("/docs", t(l, "nav.apiDocs"))}
            </ul>
          </section>
        )}
      </details>
    </nav>
  );
}
