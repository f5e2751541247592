import { type Locale, t } from "../../shared/i18n/i18n.ts";
import type { ModuleManifest } from "../../shared/modules.ts";
import type { Session } from "../../shared/http/env.ts";
import { hasPermission } from "../../shared/rbac/permissions.ts";

/** Home dashboard: a card per module the user can open. Modules add widgets as they land. */
export function Home(
  { locale: l, session, modules }: { locale: Locale; session: Session; modules: ModuleManifest[] },
) {
  const visible = modules
    .map((m) => ({
      m,
      first: m.menu.find((e) => !e.permission || hasPermission(session.permissions, e.permission)),
    }))
    .filter((x) => x.first);
  return (
    <>
      <p>{t(l, "home.intro", { tenant: session.tenantName })}</p>
      <p class="muted">{t(l, "home.roles", { roles: session.roles.join(", ") })}</p>
      <h2>{t(l, "home.modules")}</h2>
      <div class="cards">
        {visible.map(({ m, first }) => (
          <a class="card" href={first!.path} data-module={m.name}>
            <strong>
              <span aria-hidden="true">{m.icon}</span> {t(l, m.labelKey)}
            </strong>
          </a>
        ))}
      </div>
    </>
  );
}
