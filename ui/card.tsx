import type { ComponentChildren } from "preact";

/**
 * A panel with an optional title row (title left, actions right).
 *
 * Usage: `<Card title={t("tickets.recent")} actions={<Button href="/support/tickets" variant="ghost">{t("all")}</Button>}>…</Card>`
 */
export function Card(
  { title, titleId, actions, children, id, class: cls, flush }: {
    title?: ComponentChildren;
    /** An id for the heading, so a region can be labelled by it (aria-labelledby). */
    titleId?: string;
    actions?: ComponentChildren;
    children?: ComponentChildren;
    id?: string;
    class?: string;
    /** No inner padding (for tables and lists that reach the edges). */
    flush?: boolean;
  },
) {
  return (
    <section id={id} class={`card${flush ? " card-flush" : ""}${cls ? ` ${cls}` : ""}`}>
      {(title || actions) && (
        <header class="card-head">
          {title && <h2 class="card-title" id={titleId}>{title}</h2>}
          {actions && <div class="card-actions">{actions}</div>}
        </header>
      )}
      {children}
    </section>
  );
}

/**
 * A responsive grid of cards or KPI tiles (sm: KPI tiles, md: cards, lg: charts).
 * (Our CSP allows no inline style attributes, so sizes are classes.)
 *
 * Usage: `<Grid size="sm"><Kpi …/><Kpi …/></Grid>`
 */
export function Grid(
  { children, size = "md" }: { children: ComponentChildren; size?: "sm" | "md" | "lg" },
) {
  return <div class={`grid grid-${size}`}>{children}</div>;
}
