/** Pure rules of the audit monitor. */

const DAY = /^\d{4}-\d\d-\d\d$/;

/**
 * The bounds of a listing as instants: a `from` day starts at 00:00 UTC; a `to` day counts
 * whole, so it ends where the next day starts (the bound is exclusive).
 */
export function auditBounds(from?: string, to?: string): { from?: string; to?: string } {
  const at = (v: string, days: number) =>
    new Date(Date.parse(`${v}T00:00:00Z`) + days * 86_400_000).toISOString();
  return {
    from: from ? (DAY.test(from) ? at(from, 0) : new Date(from).toISOString()) : undefined,
    to: to ? (DAY.test(to) ? at(to, 1) : new Date(to).toISOString()) : undefined,
  };
}

/** JSON read back from text; null for none. */
export const parseJson = (text: string | null): unknown => text === null ? null : JSON.parse(text);
