import type { ComponentChildren } from "preact";
import { Icon } from "./icon.tsx";

export interface Crumb {
  label: string;
  href?: string;
}

/**
 * The top of every page: breadcrumbs, the title (the page's only h1) and its primary action.
 * ui/render.tsx's page() draws it from the options; use it directly only in custom layouts.
 *
 * Usage: `<PageHeader title="Tickets" crumbs={[{label: "Support", href: "/support"}]} actions={<Button …/>} />`
 */
export function PageHeader(
  { title, crumbs, actions, description, crumbsLabel = "Breadcrumb" }: {
    title: ComponentChildren;
    crumbs?: Crumb[];
    actions?: ComponentChildren;
    description?: ComponentChildren;
    crumbsLabel?: string;
  },
) {
  return (
    <header class="page-header">
      {crumbs && crumbs.length > 0 && (
        <nav aria-label={crumbsLabel} class="crumbs">
          <ol>
            {crumbs.map((c) => (
              <li>
                {c.href ? <a href={c.href}>{c.label}</a> : <span>{c.label}</span>}
                <Icon name="chevron-right" size={14} />
              </li>
            ))}
          </ol>
        </nav>
      )}
      <div class="page-title-row">
        <h1>{title}</h1>
        {actions && <div class="page-actions">{actions}</div>}
      </div>
      {description && <p class="page-description">{description}</p>}
    </header>
  );
}
