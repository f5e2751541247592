import type { ComponentChildren } from "preact";
import { t } from "../shared/i18n/i18n.ts";
import type { ShellData } from "../shared/modules.ts";
import { Document } from "./document.tsx";
import { Menu } from "./menu.tsx";
import { type Crumb, PageHeader } from "./page-header.tsx";
import { type ShellLook, TopBar } from "./top-bar.tsx";

export type { ShellData, ShellLook };

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
