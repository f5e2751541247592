import { renderToString } from "preact-render-to-string";
import { currentLanguages, type Locale, t } from "../shared/i18n/i18n.ts";
import type { ShellData } from "../shared/modules.ts";
import { BoundedCache } from "../shared/bounded-cache.ts";
import type { Theme } from "./document.tsx";
import { NotificationBell } from "./bell.tsx";
import { Icon } from "./icon.tsx";
import { IconButton } from "./button.tsx";
import { initials } from "./user-chip.tsx";
import { textsKey } from "./markup-cache.ts";

/** How the shell is drawn for this reader (from cookies, set by ui/assets/app.js). */
export interface ShellLook {
  theme: Theme;
  collapsed: boolean;
}

/**
 * Everything the top bar shows apart from the brand, and nothing else: its markup is kept per
 * these facts (and the tenant's translations), so a part drawn from anything not listed here
 * would be shown to the wrong person.
 */
interface TopBarFacts {
  locale: Locale;
  look: ShellLook;
  tenantId: string;
  name: string;
  email: string;
  tenants: { id: string; slug: string; name: string }[];
  invitations: { id: string; name: string }[];
  unread: number;
}

const factsOf = (shell: ShellData, look: ShellLook): TopBarFacts => ({
  locale: shell.locale,
  look: { theme: look.theme, collapsed: look.collapsed },
  tenantId: shell.session.tenantId,
  name: shell.session.name,
  email: shell.session.email,
  tenants: shell.tenants.map(({ id, slug, name }) => ({ id, slug, name })),
  invitations: shell.invitations.map(({ id, name }) => ({ id, name })),
  unread: shell.unread,
});

/**
 * The top bar is the same on every page a person opens with the same facts, so it is rendered
 * once for them and kept (a seventh of a page's markup, more of its rendering time). The brand
 * between its two parts is drawn each time: a logo is a data URL of up to 64 KB.
 */
const kept = new BoundedCache<{ start: string; end: string }>(1_000); // about 6 KB each

export function TopBar({ shell, look }: { shell: ShellData; look: ShellLook }) {
  const facts = factsOf(shell, look);
  const { start, end } = kept.get(JSON.stringify([textsKey(), facts]), () => ({
    start: renderToString(<NavButtons f={facts} />),
    end: renderToString(<TopBarEnd f={facts} />),
  }));
  const tenant = shell.tenants.find((tn) => tn.id === shell.session.tenantId);
  const brand = renderToString(
    <Brand logo={shell.tenant?.logo} name={tenant?.name ?? shell.session.tenantName} />,
  );
  return <header class="topbar" dangerouslySetInnerHTML={{ __html: start + brand + end }} />;
}

function Brand({ logo, name }: { logo: string | null | undefined; name: string }) {
  return (
    <a class="brand" href="/">
      {logo ? <img src={logo} alt="" width={24} height={24} /> : <Icon name="layers" size={20} />}
      <span class="brand-name">{name}</span>
    </a>
  );
}

function NavButtons({ f }: { f: TopBarFacts }) {
  return (
    <>
      <IconButton
        icon="menu"
        label={t(f.locale, "nav.toggle")}
        class="nav-toggle"
        data-nav-toggle=""
        aria-controls="sidebar"
        aria-expanded="false"
      />
      <IconButton
        icon={f.look.collapsed ? "panel-left-open" : "panel-left-close"}
        label={t(f.locale, "nav.collapse")}
        class="nav-collapse"
        data-nav-collapse=""
        aria-controls="sidebar"
        aria-expanded={f.look.collapsed ? "false" : "true"}
      />
    </>
  );
}

function TopBarEnd({ f }: { f: TopBarFacts }) {
  return (
    <>
      <SearchBox l={f.locale} />
      <div class="top-actions">
        <IconButton
          icon="search"
          label={t(f.locale, "search.label")}
          href="/search"
          class="search-link"
        />
        <NotificationBell l={f.locale} count={f.unread} />
        <UserMenu f={f} />
      </div>
    </>
  );
}

function SearchBox({ l }: { l: Locale }) {
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

function UserMenu({ f }: { f: TopBarFacts }) {
  const l = f.locale;
  return (
    <details class="user-menu">
      <summary>
        <span class="avatar" aria-hidden="true">{initials(f.name)}</span>
        <span class="sr-only">{t(l, "top.account")}:</span>
        <span class="user-menu-name">{f.name}</span>
        <Icon name="chevron-down" size={14} />
      </summary>
      <div class="user-menu-body">
        <p class="user-menu-who">
          <strong>{f.name}</strong>
          <span class="muted">{f.email}</span>
        </p>
        <Select
          id="tenant-switch"
          label={t(l, "top.tenant")}
          action="/switch-tenant"
          name="tenant"
          options={f.tenants.map((tn) => ({
            value: tn.slug,
            label: tn.name,
            selected: tn.id === f.tenantId,
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
                checked={f.look.theme === th}
                data-theme-choice=""
              />
              {t(l, `top.theme.${th}`)}
            </label>
          ))}
        </fieldset>
        {f.invitations.length > 0 && (
          <section aria-label={t(l, "invitations.title")} class="invitations">
            <h2>{t(l, "invitations.title")}</h2>
            {f.invitations.map((inv) => (
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
