import { type Locale, t } from "../../../shared/i18n/i18n.ts";

import { type Flash, FlashMessage } from "../../../ui/flash.tsx";

export { type Flash, FlashMessage };

export const PRIORITY_VALUES = ["dusuk", "normal", "yuksek", "kritik"] as const;
export const PROJECT_STATUS_VALUES = ["planlamada", "aktif", "tamamlandi"] as const;

export function priorityLabel(l: Locale, p: string) {
  return t(l, `projects.priority.${p}`);
}
export function projectStatusLabel(l: Locale, s: string) {
  return t(l, `projects.status.${s}`);
}

export function PriorityBadge({ l, p }: { l: Locale; p: string }) {
  return <span class={`badge pj-prio-${p}`}>{priorityLabel(l, p)}</span>;
}

/** Scripts and styles of the module's pages (CSP: no inline code). */
export function Assets({ board }: { board?: boolean }) {
  return (
    <>
      <link rel="stylesheet" href="/assets/projects.css" />
      <script src="/assets/projects-task.js" defer></script>
      {board && <script src="/assets/sortable.min.js" defer></script>}
      {board && <script src="/assets/projects-board.js" defer></script>}
    </>
  );
}

export function Tabs(
  { items, current, label }: {
    items: { key: string; href: string; text: string }[];
    current: string;
    label: string;
  },
) {
  return (
    <nav class="pj-tabs" aria-label={label}>
      {items.map((i) => (
        <a href={i.href} aria-current={i.key === current ? "page" : undefined}>{i.text}</a>
      ))}
    </nav>
  );
}

export function MoreLink({ href, text }: { href: string | null; text: string }) {
  if (!href) return null;
  return (
    <p>
      <a class="pj-more" href={href}>{text}</a>
    </p>
  );
}
