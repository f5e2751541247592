/** Ticket number patterns: literal text plus {YYYY}, {YY}, {MM}, {DD} and {SEQ:n}. */
export type Reset = "never" | "yearly" | "monthly";

const TOKEN = /\{(YYYY|YY|MM|DD|SEQ(?::(\d{1,2}))?)\}/g;

/** Problems with a pattern, or null when it is usable. */
export function patternError(pattern: string, reset: Reset): string | null {
  const seqs = [...pattern.matchAll(TOKEN)].filter((m) => m[1].startsWith("SEQ"));
  if (seqs.length !== 1) return "The pattern needs exactly one {SEQ} or {SEQ:n} part.";
  const width = Number(seqs[0][2] ?? 1);
  if (width < 1 || width > 12) return "The sequence width must be 1 to 12.";
  const rest = pattern.replace(TOKEN, "");
  if (/[{}]/.test(rest)) return "Unknown part in braces; use {YYYY}, {YY}, {MM}, {DD} or {SEQ:n}.";
  // Without the year (and month) in the number, a reset would give the same numbers again.
  if (reset === "yearly" && !/\{(YYYY|YY)\}/.test(pattern)) {
    return "A yearly reset needs {YYYY} or {YY} in the pattern.";
  }
  if (reset === "monthly" && !(/\{(YYYY|YY)\}/.test(pattern) && /\{MM\}/.test(pattern))) {
    return "A monthly reset needs the year and {MM} in the pattern.";
  }
  return null;
}

/** The counter period a date falls in (UTC). */
export function periodOf(reset: Reset, at: Date): string {
  const iso = at.toISOString();
  return reset === "yearly" ? iso.slice(0, 4) : reset === "monthly" ? iso.slice(0, 7) : "all";
}

export function formatNumber(pattern: string, at: Date, seq: number): string {
  const iso = at.toISOString();
  return pattern.replace(TOKEN, (_, part: string, width?: string) => {
    switch (part) {
      case "YYYY":
        return iso.slice(0, 4);
      case "YY":
        return iso.slice(2, 4);
      case "MM":
        return iso.slice(5, 7);
      case "DD":
        return iso.slice(8, 10);
      default:
        return String(seq).padStart(Number(width ?? 1), "0");
    }
  });
}

/** What the pattern gives for the first number (or why it cannot be used). */
export function previewPattern(pattern: string, reset: Reset, at = new Date()) {
  return patternError(pattern, reset) ?? formatNumber(pattern, at, 1);
}
