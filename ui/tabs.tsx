/**
 * Page-level tabs as links (each tab is a URL, so reload and back work).
 *
 * Usage: `<Tabs label={t("project.views")} items={[{ href: "/projects/x/board", label: t("board"), current: true }]} />`
 */
export function Tabs(
  { label, items }: {
    label: string;
    items: { href: string; label: string; current?: boolean; count?: number }[];
  },
) {
  return (
    <nav class="tabs" aria-label={label}>
      {items.map((it) => (
        <a href={it.href} aria-current={it.current ? "page" : undefined}>
          {it.label}
          {it.count !== undefined && <span class="tab-count">{it.count}</span>}
        </a>
      ))}
    </nav>
  );
}
