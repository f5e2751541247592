import type { ComponentChildren } from "preact";
import { currentLanguages, t } from "../shared/i18n/i18n.ts";
import type { ShellData } from "../shared/modules.ts";
import { Document } from "./document.tsx";
import { Menu } from "./menu.tsx";
import { NotificationBell } from "./bell.tsx";

export type { ShellData };

function TopBar({ shell }: { shell: ShellData }) {
  const l = shell.locale;
  const { session } = shell;
  return (
    <header class="topbar">
      <a class="brand" href="/">{t(l, "app.name")}</a>
      <form
        class="inline"
        method="post"
        action="/switch-tenant"
        hx-post="/switch-tenant"
        hx-trigger="change"
        aria-label={t(l, "top.tenant")}
      >
        <label class="sr-only" for="tenant-switch">{t(l, "top.tenant")}</label>
        <select id="tenant-switch" name="tenant">
          {shell.tenants.map((tn) => (
            <option value={tn.slug} selected={tn.id === session.tenantId}>{tn.name}</option>
          ))}
        </select>
        <button type="submit" class="secondary js-hide">{t(l, "top.switch")}</button>
      </form>
      <form
        class="inline"
        method="post"
        action="/language"
        hx-post="/language"
        hx-trigger="change"
        aria-label={t(l, "top.language")}
      >
        <label class="sr-only" for="language-switch">{t(l, "top.language")}</label>
        <select id="language-switch" name="locale">
          {currentLanguages().map(({ code, name }) => (
            <option value={code} selected={code === l} lang={code}>{name}</option>
          ))}
        </select>
        <button type="submit" class="secondary js-hide">OK</button>
      </form>
      <NotificationBell l={l} count={shell.unread} />
      <details class="user-menu">
        <summary>{session.name}</summary>
        <div class="user-menu-body">
          <p class="muted">{session.email}</p>
          {shell.invitations.length > 0 && (
            <section aria-label={t(l, "invitations.title")} class="invitations">
              <h2>{t(l, "invitations.title")}</h2>
              {shell.invitations.map((inv) => (
                <div class="invitation">
                  <form method="post" action={`/invitations/${inv.id}/accept`} class="inline">
                    <button type="submit">
                      {t(l, "invitations.accept", { tenant: inv.name })}
                    </button>
                  </form>{" "}
                  <form method="post" action={`/invitations/${inv.id}/decline`} class="inline">
                    <button type="submit" class="secondary">{t(l, "invitations.decline")}</button>
                  </form>
                </div>
              ))}
            </section>
          )}
          <form method="post" action="/logout">
            <button type="submit">{t(l, "top.signOut")}</button>
          </form>
        </div>
      </details>
    </header>
  );
}

export function Layout(
  { shell, title, children }: { shell: ShellData; title: string; children: ComponentChildren },
) {
  const l = shell.locale;
  return (
    <Document locale={l} title={`${title} · ${t(l, "app.name")}`}>
      <body>
        <a class="skip" href="#content">{t(l, "app.skip")}</a>
        <TopBar shell={shell} />
        <div class="shell">
          <Menu shell={shell} />
          <main id="content" tabIndex={-1}>
            <h1>{title}</h1>
            {children}
          </main>
        </div>
      </body>
    </Document>
  );
}
