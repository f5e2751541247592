import type { ComponentChildren } from "preact";
import type { Tone } from "./badge.tsx";
import { Icon } from "./icon.tsx";

/**
 * A headline figure: label, value, an optional hint ("3 due today") and a link to the list
 * behind it. `tone` colours the value for figures that need attention.
 *
 * Usage: `<Kpi label={t("tickets.open")} value={12} icon="inbox" href="/support/tickets?status=acik" />`
 */
export function Kpi(
  { label, value, hint, href, icon, tone }: {
    label: string;
    value: ComponentChildren;
    hint?: ComponentChildren;
    href?: string;
    icon?: string;
    tone?: Tone;
  },
) {
  const body = (
    <>
      <span class="kpi-label">{icon && <Icon name={icon} size={16} />}{label}</span>
      <span class={`kpi-value${tone ? ` tone-${tone}` : ""}`}>{value}</span>
      {hint && <span class="kpi-hint">{hint}</span>}
    </>
  );
  return href ? <a class="kpi" href={href}>{body}</a> : <div class="kpi">{body}</div>;
}
