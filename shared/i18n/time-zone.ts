/**
 * Time-zone helpers shared by the features that work in a tenant's or a project's zone: the
 * canonical name of a zone, the names a select offers, and a zone's offset at an instant. Pure.
 */

/** Names a time zone select offers: UTC first, then every zone Intl knows. */
export function timeZoneNames(): string[] {
  return ["UTC", ...Intl.supportedValuesOf("timeZone")];
}

// An IANA name (Area/Location, Etc/GMT+3) or UTC; Intl also takes offsets such as "+03:00",
// which are not zones (no daylight saving) and are refused here.
const IANA_NAME = /^(UTC|[A-Z][A-Za-z_-]*(\/[A-Za-z0-9_+-]+)+)$/;

/**
 * The canonical spelling of a time zone Intl knows ("europe/istanbul" → "Europe/Istanbul",
 * "US/Pacific" → "America/Los_Angeles"), or null when it is not an IANA zone.
 */
export function canonicalTimeZone(name: string): string | null {
  if (!name || name.length > 64) return null;
  try {
    const resolved = new Intl.DateTimeFormat("en", { timeZone: name }).resolvedOptions().timeZone;
    return IANA_NAME.test(resolved) ? resolved : null;
  } catch {
    return null;
  }
}

/** Minutes the zone is ahead of UTC at an instant (Europe/Istanbul: 180). */
export function zoneOffset(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(ms));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const local = Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"), n("second"));
  return Math.round((local - Math.floor(ms / 1000) * 1000) / 60_000);
}
