import type { Locale } from "../shared/i18n/i18n.ts";
import { BoundedCache } from "../shared/bounded-cache.ts";

/**
 * The one date formatter of every page: the reader's language and the tenant's time zone.
 * Stored times are ISO UTC strings; people see "12 Mar 2026, 14:05" or "12 Mar 2026 14:05".
 */
const tag = (l: Locale) => (l === "tr" ? "tr-TR" : "en-GB");

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(l: Locale, timeZone: string, kind: "datetime" | "date") {
  const key = `${l}|${timeZone}|${kind}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(tag(l), {
      dateStyle: "medium",
      timeStyle: kind === "datetime" ? "short" : undefined,
      timeZone,
    });
    formatters.set(key, f);
  }
  return f;
}

/** Intl objects are costly to build (tens of microseconds): one per language and option set. */
const relatives = new Map<Locale, Intl.RelativeTimeFormat>();
const numbers = new Map<string, Intl.NumberFormat>();
function relativeFormat(l: Locale) {
  let f = relatives.get(l);
  if (!f) relatives.set(l, f = new Intl.RelativeTimeFormat(tag(l), { numeric: "auto" }));
  return f;
}
function numberFormat(l: Locale, digits: number) {
  const key = `${l}|${digits}`;
  let f = numbers.get(key);
  if (!f) numbers.set(key, f = new Intl.NumberFormat(tag(l), { maximumFractionDigits: digits }));
  return f;
}

const toDate = (v: string | Date) => (v instanceof Date ? v : new Date(v));

/**
 * Formatted instants, kept: an Intl call costs about a microsecond and a list shows the same
 * instants to everyone who opens it (two per row: the time and, in its title, the exact one).
 * Keyed by the value as given, so the output is exactly what formatting it would give. A hit
 * only reads (no reordering: 50 lookups a page); when full it starts again, empty.
 */
const formatted = new BoundedCache<string>(20_000, { full: "clear" });
const instant = (v: string | Date) => (v instanceof Date ? v.getTime() : v);

/** "12 Mar 2026, 14:05" in the tenant's time zone; "—" for nothing. */
export function formatDateTime(
  l: Locale,
  iso: string | Date | null | undefined,
  timeZone = "UTC",
): string {
  if (!iso) return "—";
  return formatted.get(
    `${l}|${timeZone}|dt|${instant(iso)}`,
    () => formatter(l, timeZone, "datetime").format(toDate(iso)),
  );
}

/** "12 Mar 2026"; a plain date ("2026-03-12") is shown as that calendar day. */
export function formatDate(l: Locale, iso: string | Date | null | undefined, timeZone = "UTC") {
  if (!iso) return "—";
  return formatted.get(
    `${l}|${timeZone}|d|${instant(iso)}`,
    () =>
      typeof iso === "string" && /^\d{4}-\d\d-\d\d$/.test(iso)
        ? formatter(l, "UTC", "date").format(new Date(`${iso}T00:00:00Z`))
        : formatter(l, timeZone, "date").format(toDate(iso)),
  );
}

/** ISO 8601 times inside a text: "2026-03-12T14:05", seconds, fraction and zone optional. */
const months = new Map<Locale, Intl.DateTimeFormat>();
/** A calendar month from its first day (YYYY-MM-DD): "March 2026", "Mart 2026". */
export function formatMonth(l: Locale, day: string) {
  let f = months.get(l);
  if (!f) {
    f = new Intl.DateTimeFormat(tag(l), { month: "long", year: "numeric", timeZone: "UTC" });
    months.set(l, f);
  }
  return /^\d{4}-\d\d-\d\d$/.test(day) ? f.format(new Date(`${day}T00:00:00Z`)) : "—";
}

const TIMES = /(?<!\d)\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:[.,]\d+)?)?(?:Z|[+-]\d\d(?::?\d\d)?)?/g;

/** The instant an ISO time stands for (no zone means UTC, as the database reads it), or null. */
function instantOf(written: string): string | null {
  let iso = written.replace(",", ".");
  if (/[+-]\d\d$/.test(iso)) iso += ":00";
  else if (/[+-]\d{4}$/.test(iso)) iso = `${iso.slice(0, -2)}:${iso.slice(-2)}`;
  else if (!/(Z|[+-]\d\d:\d\d)$/.test(iso)) iso += "Z";
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/**
 * A text from elsewhere (an error message, a value someone typed) in pieces: the text as
 * written, and each ISO time in it as the instant it stands for (see TextWithTimes).
 */
export function splitTimes(text: string): (string | { at: string })[] {
  const pieces: (string | { at: string })[] = [];
  let from = 0;
  for (const m of text.matchAll(TIMES)) {
    const at = instantOf(m[0]);
    if (!at) continue;
    if (m.index > from) pieces.push(text.slice(from, m.index));
    pieces.push({ at });
    from = m.index + m[0].length;
  }
  if (from < text.length) pieces.push(text.slice(from));
  return pieces;
}

/** The text with every ISO time in it as formatDateTime writes it; the rest as written. */
export function formatTimesIn(l: Locale, text: string, timeZone = "UTC"): string {
  return splitTimes(text)
    .map((p) => (typeof p === "string" ? p : formatDateTime(l, p.at, timeZone)))
    .join("");
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 7],
];

/**
 * "3 minutes ago", "in 2 hours", "yesterday"; beyond a week, the date itself, because
 * "5 weeks ago" makes people count.
 */
export function formatRelative(
  l: Locale,
  iso: string | Date,
  now: number,
  timeZone = "UTC",
): string {
  let delta = (toDate(iso).getTime() - now) / 1000;
  if (Math.abs(delta) < 45) return relative(l, 0, "second");
  for (const [unit, size] of UNITS) {
    if (Math.abs(delta) < size) return relative(l, Math.round(delta), unit);
    delta /= size;
  }
  return formatDate(l, iso, timeZone);
}

/** "5 minutes ago": a few hundred different phrases per language, each formatted once. */
function relative(l: Locale, value: number, unit: Intl.RelativeTimeFormatUnit) {
  return formatted.get(`${l}|r|${value}|${unit}`, () => relativeFormat(l).format(value, unit));
}

/** A number with the reader's grouping: 12 345 / 12,345. */
export function formatNumber(l: Locale, n: number, digits = 0): string {
  return numberFormat(l, digits).format(n);
}

/** 1.2 MB, 340 KB. */
export function formatBytes(l: Locale, n: number): string {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let i = 0;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i++;
  }
  return `${formatNumber(l, n, i === 0 ? 0 : 1)} ${units[i]}`;
}
