/**
 * Pure rules of recurring tasks: reading and checking an RFC 5545 rule, the next dates of a
 * series in a project's time zone, the dates of the next occurrence, and the rule in words
 * (English and Turkish; rrule's own text is English only). Tested directly.
 */
import rrulePkg from "rrule";
import type { Options, Weekday } from "rrule";
import { canonicalTimeZone, timeZoneNames, zoneOffset } from "../../../shared/i18n/time-zone.ts";

const { RRule } = rrulePkg;

export const RECURRENCE_MODES = ["on_done", "on_schedule"] as const;
export type RecurrenceMode = (typeof RECURRENCE_MODES)[number];

/** Frequencies a task may repeat at: daily or less often. */
const FREQS = ["YEARLY", "MONTHLY", "WEEKLY", "DAILY"] as const;
type Freq = (typeof FREQS)[number];
/** Parts a rule may carry; the start (DTSTART) is the series' own, times of day make no sense. */
const PARTS = new Set([
  "FREQ",
  "INTERVAL",
  "COUNT",
  "UNTIL",
  "BYDAY",
  "BYMONTHDAY",
  "BYMONTH",
  "BYSETPOS",
  "WKST",
]);
export const MAX_COUNT = 1000;
export const MAX_INTERVAL = 365;
/**
 * How far before today a new series may start: rrule walks every date from the start on each
 * call, so a daily series from the year 1500 cost seconds per read and per job run.
 */
export const MAX_ANCHOR_PAST_DAYS = 3660;

export interface ParsedRule {
  /** The rule as stored: canonical, without the RRULE: prefix. */
  rule: string;
  freq: Freq;
  interval: number;
  count: number | null;
  until: string | null;
  /** Weekdays 0 (Monday) … 6 (Sunday), with an nth (1st, -1 last) for monthly/yearly rules. */
  byDay: { day: number; n: number | null }[];
  byMonthDay: number[];
  byMonth: number[];
  bySetPos: number[];
}

export type RuleCheck = { ok: true; value: ParsedRule } | { ok: false; message: string };

const list = <T>(v: T | T[] | null | undefined): T[] => v == null ? [] : Array.isArray(v) ? v : [v];

/** Reads and checks a rule ("FREQ=WEEKLY;BYDAY=MO", with or without "RRULE:"). */
export function parseRule(text: string): RuleCheck {
  const raw = text.trim().replace(/^RRULE:/i, "").toUpperCase();
  if (!raw) return { ok: false, message: "The rule is empty." };
  if (raw.length > 500 || /[\r\n]/.test(raw)) {
    return { ok: false, message: "The rule must be one line of at most 500 characters." };
  }
  const names = raw.split(";").filter(Boolean).map((p) => p.split("=")[0]);
  const unknown = names.find((n) => !PARTS.has(n));
  if (unknown) return { ok: false, message: `The rule part ${unknown} is not supported.` };
  if (new Set(names).size !== names.length) {
    return { ok: false, message: "A rule part is given twice." };
  }
  let o: Partial<Options>;
  try {
    o = RRule.parseString(raw);
  } catch (err) {
    return { ok: false, message: `The rule cannot be read: ${(err as Error).message}.` };
  }
  if (o.freq === undefined || o.freq === null) {
    return { ok: false, message: "The rule needs a FREQ." };
  }
  const freq = RRule.FREQUENCIES[o.freq] as string;
  if (!(FREQS as readonly string[]).includes(freq)) {
    return {
      ok: false,
      message: "A task repeats at most daily (FREQ DAILY, WEEKLY, MONTHLY, YEARLY).",
    };
  }
  const interval = o.interval ?? 1;
  if (!Number.isInteger(interval) || interval < 1 || interval > MAX_INTERVAL) {
    return { ok: false, message: `INTERVAL must be between 1 and ${MAX_INTERVAL}.` };
  }
  if (o.count != null && (!Number.isInteger(o.count) || o.count < 1 || o.count > MAX_COUNT)) {
    return { ok: false, message: `COUNT must be between 1 and ${MAX_COUNT}.` };
  }
  if (o.count != null && o.until) {
    return { ok: false, message: "A rule has COUNT or UNTIL, not both." };
  }
  if (o.until && Number.isNaN(o.until.getTime())) {
    return { ok: false, message: "UNTIL is not a date." };
  }
  const days = list(o.byweekday as Weekday | Weekday[] | null);
  if (days.some((d) => !d || typeof d.weekday !== "number")) {
    return { ok: false, message: "BYDAY names an unknown day (use MO, TU, WE, TH, FR, SA, SU)." };
  }
  const monthDays = list(o.bymonthday as number | number[] | null);
  if (monthDays.some((d) => !Number.isInteger(d) || d === 0 || d < -31 || d > 31)) {
    return { ok: false, message: "BYMONTHDAY must be between 1 and 31 (or -31 and -1)." };
  }
  const months = list(o.bymonth as number | number[] | null);
  if (months.some((m) => !Number.isInteger(m) || m < 1 || m > 12)) {
    return { ok: false, message: "BYMONTH must be between 1 and 12." };
  }
  const setPos = list(o.bysetpos as number | number[] | null);
  if (setPos.some((p) => !Number.isInteger(p) || p === 0 || p < -366 || p > 366)) {
    return { ok: false, message: "BYSETPOS must be between 1 and 366 (or -366 and -1)." };
  }
  const value: ParsedRule = {
    rule: RRule.optionsToString(o).replace(/^RRULE:/, ""),
    freq: freq as Freq,
    interval,
    count: o.count ?? null,
    until: o.until ? o.until.toISOString().slice(0, 10) : null,
    byDay: days.map((d) => ({ day: d.weekday, n: d.n ? d.n : null })),
    byMonthDay: monthDays,
    byMonth: months,
    bySetPos: setPos,
  };
  // A rule that never gives a date (FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30) is refused too;
  // looked for within 32 years. rrule checks UNTIL only on a date it finds, so a rule that
  // finds none searches on to its last year (9999): from 2000 that cost half a minute of CPU
  // per request. Starting in 9968 (a leap year, as 2000 was) bounds the search.
  const probe = new RRule({
    ...o,
    count: null,
    until: null,
    dtstart: new Date(Date.UTC(9968, 0, 1)),
  });
  if (!probe.after(new Date(Date.UTC(9967, 11, 31)), true)) {
    return { ok: false, message: "The rule gives no dates." };
  }
  return { ok: true, value };
}

const DAY = 86_400_000;
const toDate = (day: string) => {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d));
};
const toDay = (d: Date) => d.toISOString().slice(0, 10);

/** `day` plus `n` days (calendar days, no time zone involved). */
export const addDays = (day: string, n: number) => toDay(new Date(toDate(day).getTime() + n * DAY));
/** Whole days from `a` to `b` (negative when b is earlier). */
export const daysBetween = (a: string, b: string) =>
  Math.round((toDate(b).getTime() - toDate(a).getTime()) / DAY);

/**
 * The first `n` dates of the rule strictly after `after`, for a series whose first occurrence
 * is `anchor` (the rule's start; COUNT counts from it). Dates are calendar days of the project's
 * time zone: the rule runs on "floating" days, so a change of UTC offset (daylight saving) never
 * moves an occurrence to another day; `dayStartIn` gives the instant each day starts.
 */
export function ruleDates(rule: string, anchor: string, after: string, n: number): string[] {
  const r = new RRule({ ...RRule.parseString(rule), dtstart: toDate(anchor) });
  const out: string[] = [];
  let from = toDate(after < anchor ? addDays(anchor, -1) : after);
  while (out.length < n) {
    const next = r.after(from, false);
    if (!next) break;
    out.push(toDay(next));
    from = next;
  }
  return out;
}

/** The occurrence after `current` (null when the rule has ended). */
export const nextOccurrence = (rule: string, anchor: string, current: string): string | null =>
  ruleDates(rule, anchor, current, 1)[0] ?? null;

/** The instant (ISO, UTC) a calendar day starts in a time zone: when its occurrence is due. */
export function dayStartIn(day: string, timeZone: string): string {
  const wall = toDate(day).getTime();
  let at = wall - zoneOffset(wall, timeZone) * 60_000;
  // Across a change of offset the first guess is off by the change.
  at = wall - zoneOffset(at, timeZone) * 60_000;
  return new Date(at).toISOString();
}

/** Today's date in a time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(now);
  const v = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${v("year")}-${v("month")}-${v("day")}`;
}

/** The canonical spelling of an IANA time zone, or null when it is not one. */
export const canonicalZone = canonicalTimeZone;

/** The zones a project may choose: UTC first, then every zone Intl knows. */
export const zoneNames = timeZoneNames;

/** The day that stands for a task in its series: its due date, else its start, else `today`. */
export const occurrenceDayOf = (
  t: { startDate: string | null; dueDate: string | null },
  today: string,
) => t.dueDate ?? t.startDate ?? today;

/**
 * The next occurrence's dates: the due date moves to the occurrence day and the start keeps its
 * distance to it; a task with only a start date moves its start; one without dates gets the day
 * as its due date.
 */
export function shiftedDates(
  src: { startDate: string | null; dueDate: string | null },
  day: string,
): { startDate: string | null; dueDate: string | null } {
  if (src.dueDate) {
    return {
      dueDate: day,
      startDate: src.startDate ? addDays(day, -daysBetween(src.startDate, src.dueDate)) : null,
    };
  }
  if (src.startDate) return { startDate: day, dueDate: null };
  return { startDate: null, dueDate: day };
}

/** The choices of the task page's form, as a rule. */
export type Preset = "daily" | "weekly" | "monthly" | "custom";
export const WEEKDAY_CODES = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;

export function presetRule(
  p: { preset: Preset; interval?: number; days?: string[]; monthDay?: number; custom?: string },
): string {
  const every = p.interval && p.interval > 1 ? `;INTERVAL=${p.interval}` : "";
  switch (p.preset) {
    case "daily":
      return `FREQ=DAILY${every}`;
    case "weekly": {
      const days = WEEKDAY_CODES.filter((d) => p.days?.includes(d));
      return `FREQ=WEEKLY${every}${days.length ? `;BYDAY=${days.join(",")}` : ""}`;
    }
    case "monthly":
      return `FREQ=MONTHLY${every}${p.monthDay ? `;BYMONTHDAY=${p.monthDay}` : ""}`;
    default:
      return p.custom ?? "";
  }
}

/** The form's choice for a stored rule (custom when the simple choices cannot say it). */
export function presetOf(r: ParsedRule): {
  preset: Preset;
  interval: number;
  days: string[];
  monthDay: number | null;
} {
  const plain = !r.count && !r.until && !r.byMonth.length && !r.bySetPos.length &&
    r.byDay.every((d) => d.n === null);
  const base = { interval: r.interval, days: [] as string[], monthDay: null as number | null };
  if (plain && r.freq === "DAILY" && !r.byDay.length && !r.byMonthDay.length) {
    return { preset: "daily", ...base };
  }
  if (plain && r.freq === "WEEKLY" && !r.byMonthDay.length) {
    return { preset: "weekly", ...base, days: r.byDay.map((d) => WEEKDAY_CODES[d.day]) };
  }
  if (plain && r.freq === "MONTHLY" && !r.byDay.length && r.byMonthDay.length <= 1) {
    return { preset: "monthly", ...base, monthDay: r.byMonthDay[0] ?? null };
  }
  return { preset: "custom", ...base };
}

type Lang = "en" | "tr";
const WORDS = {
  en: {
    days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
    months: [
      "January",
      "February",
      "March",
      "April",
      "May",
      "June",
      "July",
      "August",
      "September",
      "October",
      "November",
      "December",
    ],
    nth: { 1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", [-1]: "last" } as Record<
      number,
      string
    >,
    and: "and",
  },
  tr: {
    days: ["Pazartesi", "Salı", "Çarşamba", "Perşembe", "Cuma", "Cumartesi", "Pazar"],
    months: [
      "Ocak",
      "Şubat",
      "Mart",
      "Nisan",
      "Mayıs",
      "Haziran",
      "Temmuz",
      "Ağustos",
      "Eylül",
      "Ekim",
      "Kasım",
      "Aralık",
    ],
    nth: { 1: "ilk", 2: "ikinci", 3: "üçüncü", 4: "dördüncü", 5: "beşinci", [-1]: "son" } as Record<
      number,
      string
    >,
    and: "ve",
  },
};

const joinWords = (items: string[], and: string) =>
  items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} ${and} ${items.at(-1)}`;

/** A month day in words: 15 → "15th" / "15."; -1 → "last day" / "son günü". */
function monthDayWords(d: number, lang: Lang): string {
  if (lang === "tr") return d === -1 ? "son" : d < 0 ? `sondan ${-d}.` : `${d}.`;
  if (d === -1) return "last day";
  if (d < 0) return `${-d}${ordinal(-d)} last day`;
  return `${d}${ordinal(d)}`;
}
const ordinal = (n: number) =>
  n % 100 >= 11 && n % 100 <= 13 ? "th" : ["th", "st", "nd", "rd"][n % 10] ?? "th";

function dayWords(r: ParsedRule, lang: Lang): string {
  const w = WORDS[lang];
  return joinWords(
    r.byDay.map((d) =>
      d.n === null
        ? w.days[d.day]
        : `${w.nth[d.n] ?? (lang === "tr" ? `${d.n}.` : `${d.n}th`)} ${w.days[d.day]}`
    ),
    w.and,
  );
}

/** "12 March 2027" / "12 Mart 2027" for UNTIL (a calendar day, no time zone). */
function dateWords(day: string, lang: Lang): string {
  const [y, m, d] = day.split("-").map(Number);
  const month = WORDS[lang].months[m - 1];
  return lang === "tr" ? `${d} ${month} ${y}` : `${month} ${d}, ${y}`;
}

/**
 * The rule in words: "Every week on Monday", "Every 2 weeks on Monday and Friday, 10 times";
 * in Turkish "Her hafta Pazartesi", "2 haftada bir Pazartesi ve Cuma, 10 kez".
 */
export function ruleText(r: ParsedRule, locale: string): string {
  return locale === "tr" ? trText(r) : enText(r);
}

function enText(r: ParsedRule): string {
  const unit = { DAILY: "day", WEEKLY: "week", MONTHLY: "month", YEARLY: "year" }[r.freq];
  let s = r.interval === 1 ? `Every ${unit}` : `Every ${r.interval} ${unit}s`;
  const months = r.byMonth.map((m) => WORDS.en.months[m - 1]);
  if (r.freq === "YEARLY" && months.length && r.byMonthDay.length && !r.byDay.length) {
    s += ` on ${joinWords(months, "and")} ${r.byMonthDay.join(", ")}`;
  } else {
    if (months.length) s += ` in ${joinWords(months, "and")}`;
    if (r.byMonthDay.length) {
      s += ` on the ${joinWords(r.byMonthDay.map((d) => monthDayWords(d, "en")), "and")}`;
    }
    if (r.byDay.length) {
      const nth = r.byDay.some((d) => d.n !== null);
      s += ` on ${nth ? "the " : ""}${dayWords(r, "en")}`;
    }
  }
  if (r.bySetPos.length) {
    s += ` (position ${r.bySetPos.join(", ")} in the ${unit})`;
  }
  if (r.count) s += r.count === 1 ? ", once" : `, ${r.count} times`;
  if (r.until) s += `, until ${dateWords(r.until, "en")}`;
  return s;
}

function trText(r: ParsedRule): string {
  const unit = { DAILY: "gün", WEEKLY: "hafta", MONTHLY: "ay", YEARLY: "yıl" }[r.freq];
  // "Every n units" is "n unitsta bir", the locative following vowel harmony (günde, haftada).
  const locative = { DAILY: "günde", WEEKLY: "haftada", MONTHLY: "ayda", YEARLY: "yılda" }[r.freq];
  const parts: string[] = [r.interval === 1 ? `Her ${unit}` : `${r.interval} ${locative} bir`];
  const months = r.byMonth.map((m) => WORDS.tr.months[m - 1]);
  if (r.freq === "YEARLY" && months.length && r.byMonthDay.length && !r.byDay.length) {
    parts.push(`${r.byMonthDay.join(", ")} ${joinWords(months, "ve")}`);
  } else {
    if (months.length) parts.push(`${joinWords(months, "ve")} aylarında`);
    if (r.byMonthDay.length) {
      parts.push(`ayın ${joinWords(r.byMonthDay.map((d) => monthDayWords(d, "tr")), "ve")} günü`);
    }
    if (r.byDay.length) {
      const nth = r.byDay.some((d) => d.n !== null);
      parts.push(nth ? `ayın ${dayWords(r, "tr")} günü` : dayWords(r, "tr"));
    }
  }
  // "Her ay ayın 15. günü" reads "Her ayın 15. günü".
  let s = parts.join(" ").replace(/^Her ay ayın /, "Her ayın ");
  if (r.bySetPos.length) s += ` (${unit} içinde ${r.bySetPos.join(", ")}. sıradaki)`;
  if (r.count) s += `, ${r.count} kez`;
  if (r.until) s += `, ${dateWords(r.until, "tr")} tarihine kadar`;
  return s;
}

/**
 * What a run of the scheduled job does for a series whose next day is `nextDate`: the day to
 * make (the latest rule day that has come, so a job that was down for weeks makes one
 * occurrence, not a backlog) and the series' next day after it (null: the rule has ended).
 * Nothing to make while `nextDate` is still ahead.
 */
export function scheduledStep(
  rule: string,
  anchor: string,
  nextDate: string,
  today: string,
): { make: string | null; next: string | null } {
  if (nextDate > today) return { make: null, next: nextDate };
  const r = new RRule({ ...RRule.parseString(rule), dtstart: toDate(anchor) });
  const last = r.before(toDate(addDays(today, 1)), false);
  const make = last && toDay(last) >= nextDate ? toDay(last) : nextDate;
  return { make, next: nextOccurrence(rule, anchor, make) };
}
