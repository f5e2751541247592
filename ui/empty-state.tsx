import type { ComponentChildren } from "preact";
import { Icon } from "./icon.tsx";

/**
 * What an empty list says: an icon, one sentence, and the action that fills it.
 *
 * Usage: `<EmptyState icon="inbox" title={t("tickets.none")} action={<Button …/>} />`
 */
export function EmptyState(
  { icon = "inbox", title, children, action }: {
    icon?: string;
    title: ComponentChildren;
    children?: ComponentChildren;
    action?: ComponentChildren;
  },
) {
  return (
    <div class="empty-state">
      <Icon name={icon} size={32} />
      <p class="empty-title">{title}</p>
      {children && <p class="muted">{children}</p>}
      {action}
    </div>
  );
}
