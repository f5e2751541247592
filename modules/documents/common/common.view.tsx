import type { ComponentChildren } from "preact";
import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import { type Flash, FlashMessage } from "../../../ui/flash.tsx";
export { type Flash, FlashMessage };

/** Bytes for people (KB, MB… in binary units, one decimal). */
export function formatBytes(n: number | null | undefined): string {
  if (n === null || n === undefined) return "—";
  const units = ["B", "KiB", "MiB", "GiB", "TiB"];
  let v = n;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${i === 0 ? v : v.toFixed(1)} ${units[i]}`;
}

export { formatDateTime as formatDate } from "../../../ui/format.ts";

/**
 * A form that works as a plain POST and, with htmx, swaps the documents panel out of the
 * page the action redirects to (or of the error page it renders).
 */
export function ActionForm(
  { action, back, confirm, children, class: cls, id }: {
    action: string;
    back: string;
    confirm?: string;
    children: ComponentChildren;
    class?: string;
    id?: string;
  },
) {
  return (
    <form
      id={id}
      method="post"
      action={action}
      class={cls ?? "inline"}
      hx-post={action}
      hx-target="#docs-panel"
      hx-select="#docs-panel"
      hx-swap="outerHTML"
      hx-confirm={confirm}
    >
      <input type="hidden" name="back" value={back} />
      {children}
    </form>
  );
}

export function Empty({ l, k }: { l: Locale; k: string }) {
  return <p class="muted docs-empty">{t(l, k)}</p>;
}
