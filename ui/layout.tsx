import type { ComponentChildren } from "preact";
import { currentLanguages, t } from "../shared/i18n/i18n.ts";
import type { ShellData } from "../shared/modules.ts";
import { Document, type Theme } from "./document.tsx";
import { Menu } from "./menu.tsx";
import { NotificationBell } from "./bell.tsx";
import { Icon } from "./icon.tsx";
import { IconButton } from "./button.tsx";
import { type Crumb, PageHeader } from "./page-header.tsx";
import { initials } from "./user-chip.tsx";
import { textsKey } from "./markup-cache.ts";
import { BoundedCache } from "../shared/data/bounded-cache.ts";
import { renderToString } from "preact-render-to-string";

export type { ShellData };

/** How the shell is drawn for this reader (from cookies, set by ui/assets/app.js). */
export interface ShellLook {
  theme: Theme;
  collapsed: boolean;
}

function SearchBox({ shell }: { shell: ShellData }) {
  const l = shell.locale;
  return (
    <form class="top-search" method="get" action="/search" role="search">
      <label class="sr-only" for="global-search">{t(l, "search.label")}</label>
      <Icon name="search" size={16} />
      <input
        id="global-search"
        type="search"
        name="q"
        placeholder={t(l, "search.placeholder")}
        autocomplete="off"
        data-hotkey="/"
      />
      <kbd class="hotkey" aria-hidden="true">/</kbd>
    </form>
  );
}

function Select(
  { id, label, action, name, options }: {
    id: string;
    label: string;
    action: string;
    name: string;
    options: { value: string; label: string; selected: boolean; lang?: string }[];
  },
) {
  return (
    <form class="menu-form" method="post" action={action} hx-post={action} hx-trigger="change">
      <label for={id}>{label}</label>
      <select id={id} name={name}>
        {options.map((o) => (
          <option value={o.value} selected={o.selected} lang={o.lang}>{o.label}</option>
        ))}
      </select>
      <button type="submit" class="btn btn-secondary btn-sm js-hide">{label}</button>
    </form>
  );
}

function UserMenu({ shell, look }: { shell: ShellData; look: ShellLook }) {
  const l = shell.locale;
  const { session } = shell;
  return (
    <details class="user-menu">
      <summary>
        <span class="avatar" aria-hidden="true">{initials(session.name)}</span>
        <span class="sr-only">{t(l, "top.account")}:</span>
        <span class="user-menu-name">{session.name}</span>
        <Icon name="chevron-down" size={14} />
      </summary>
      <div class="user-menu-body">
        <p class="user-menu-who">
          <strong>{session.name}</strong>
          <span class="muted">{session.email}</span>
        </p>
        <Select
          id="tenant-switch"
          label={t(l, "top.tenant")}
          action="/switch-tenant"
          name="tenant"
          options={shell.tenants.map((tn) => ({
            value: tn.slug,
            label: tn.name,
            selected: tn.id === session.tenantId,
          }))}
        />
        <Select
          id="language-switch"
          label={t(l, "top.language")}
          action="/language"
          name="locale"
          options={currentLanguages().map(({ code, name }) => ({
            value: code,
            label: name,
            selected: code === l,
            lang: code,
          }))}
        />
        <fieldset class="theme-choice">
          <legend>{t(l, "top.theme")}</legend>
          {(["system", "light", "dark"] as const).map((th) => (
            <label>
              <input
                type="radio"
                name="theme"
                value={th}
                checked={look.theme === th}
                data-theme-choice=""
              />
              {t(l, `top.theme.${th}`)}
            </label>
          ))}
        </fieldset>
        {shell.invitations.length > 0 && (
          <section aria-label={t(l, "invitations.title")} class="invitations">
            <h2>{t(l, "invitations.title")}</h2>
            {shell.invitations.map((inv) => (
              <div class="invitation">
                <form method="post" action={`/invitations/${inv.id}/accept`} class="inline">
                  <button type="submit" class="btn btn-primary btn-sm">
                    {t(l, "invitations.accept", { tenant: inv.name })}
                  </button>
                </form>
                <form method="post" action={`/invitations/${inv.id}/decline`} class="inline">
                  <button type="submit" class="btn btn-secondary btn-sm">
                    {t(l, "invitations.decline")}
                  </button>
                </form>
              </div>
            ))}
          </section>
        )}
        <ul class="user-menu-links">
          <li>
            <a href="/profile">
              <Icon name="user" size={16} />
              {t(l, "top.profile")}
            </a>
          </li>
          <li>
            <form method="post" action="/logout">
              <button type="submit" class="btn btn-ghost">
                <Icon name="log-out" size={16} />
                <span>{t(l, "top.signOut")}</span>
              </button>
            </form>
          </li>
        </ul>
      </div>
    </details>
  );
}

/**
 * The top bar is the same on every page a person opens with the same look, workspaces,
 * invitations and unread count, so it is rendered once for them and kept (a seventh of a
 * page's markup, and more of its rendering time than that).
 */
const topBars = new BoundedCache<string>(1_000); // about 6 KB each

function TopBar({ shell, look }: { shell: ShellData; look: ShellLook }) {
  const { session } = shell;
  const key = JSON.stringify([
    textsKey(),
    shell.locale,
    look,
    shell.tenant?.logo,
    session.tenantId,
    session.tenantName,
    session.name,
    session.email,
    shell.tenants,
    shell.invitations,
    shell.unread,
  ]);
  const html = topBars.get(key, () => renderToString(<TopBarContent shell={shell} look={look} />));
  return <header class="topbar" dangerouslySetInnerHTML={{ __html: html }} />;
}

function TopBarContent({ shell, look }: { shell: ShellData; look: ShellLook }) {
  const l = shell.locale;
  const tenant = shell.tenants.find((tn) => tn.id === shell.session.tenantId);
  return (
    <>
      <IconButton
        icon="menu"
        label={t(l, "nav.toggle")}
        class="nav-toggle"
        data-nav-toggle=""
        aria-controls="sidebar"
        aria-expanded="false"
      />
      <IconButton
        icon={look.collapsed ? "panel-left-open" : "panel-left-close"}
        label={t(l, "nav.collapse")}
        class="nav-collapse"
        data-nav-collapse=""
        aria-controls="sidebar"
        aria-expanded={look.collapsed ? "false" : "true"}
      />
      <a class="brand" href="/">
        {shell.tenant?.logo
          ? <img src={shell.tenant.logo} alt="" width={24} height={24} />
          : <Icon name="layers" size={20} />}
        <span class="brand-name">{tenant?.name ?? shell.session.tenantName}</span>
      </a>
      <SearchBox shell={shell} />
      <div class="top-actions">
        <IconButton icon="search" label={t(l, "search.label")} href="/search" class="search-link" />
        <NotificationBell l={l} count={shell.unread} />
        <UserMenu shell={shell} look={look} />
      </div>
    </>
  );
}

export interface LayoutProps {
  shell: ShellData;
  look: ShellLook;
  title: string;
  crumbs?: Crumb[];
  actions?: ComponentChildren;
  description?: ComponentChildren;
  children: ComponentChildren;
}

/** Every signed-in page: top bar, sidebar, and the page header above the content. */
export function Layout(
  { shell, look, title, crumbs, actions, description, children }: LayoutProps,
) {
  const l = shell.locale;
  return (
    <Document
      locale={l}
      title={`${title} · ${t(l, "app.name")}`}
      theme={look.theme}
      accent={shell.tenant?.accentColor ?? undefined}
    >
      <body class={look.collapsed ? "nav-collapsed" : undefined}>
        <a class="skip" href="#content">{t(l, "app.skip")}</a>
        <TopBar shell={shell} look={look} />
        <div class="shell">
          <Menu shell={shell} />
          <div class="nav-backdrop" data-nav-toggle="" aria-hidden="true"></div>
          <main id="content" tabIndex={-1}>
            <PageHeader
              title={title}
              crumbs={crumbs}
              actions={actions}
              description={description}
              crumbsLabel={t(l, "nav.breadcrumb")}
            />
            {children}
          </main>
        </div>
        <div id="toasts" class="toasts" aria-live="polite"></div>
      </body>
    </Document>
  );
}
