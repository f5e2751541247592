import { formatDate, formatDateTime, formatRelative } from "./format.ts";
import { useReader } from "./context.ts";

/**
 * A moment as people say it ("5 minutes ago"), the exact time in the tenant's zone on hover,
 * the machine-readable value in `datetime`. Empty values show a dash.
 *
 * Usage: `<RelativeTime at={ticket.updatedAt} />`
 */
export function RelativeTime({ at }: { at: string | Date | null | undefined }) {
  const { locale, timeZone, now } = useReader();
  if (!at) return <span class="muted">—</span>;
  const iso = at instanceof Date ? at.toISOString() : at;
  const exact = formatDateTime(locale, iso, timeZone);
  return <time datetime={iso} title={exact}>{formatRelative(locale, iso, now, timeZone)}</time>;
}

/**
 * An exact date and time in the tenant's zone (for due dates and audit facts).
 *
 * Usage: `<DateTime at={contract.endsOn} dateOnly />`
 */
export function DateTime(
  { at, dateOnly }: { at: string | Date | null | undefined; dateOnly?: boolean },
) {
  const { locale, timeZone } = useReader();
  if (!at) return <span class="muted">—</span>;
  const iso = at instanceof Date ? at.toISOString() : at;
  const text = dateOnly ? formatDate(locale, iso, timeZone) : formatDateTime(locale, iso, timeZone);
  return <time datetime={iso}>{text}</time>;
}
