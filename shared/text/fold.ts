/**
 * The one folding used by every search: stored search text and queries go through the same
 * steps, so `YAZICISI` finds "yazıcısı" and `istanbul` finds "İSTANBUL" whatever the database's
 * collation or unaccent dictionary. `platform_fold(text)` in migrations/0010_search.sql repeats
 * these steps in SQL, step for step (tests/platform/fold.test.ts compares both); change them
 * together, then refill the stored columns.
 */

/** Combining marks of Latin, Greek and Cyrillic letters (the accents NFKD splits off). */
export const COMBINING_MARKS = "\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f";
/** Whitespace as JavaScript's `\s` knows it, spelled out so SQL's regex reads the same set. */
export const WHITESPACE =
  " \t\n\u000b\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff";

const MARKS = new RegExp(`[${COMBINING_MARKS}]`, "g");
const SPACES = new RegExp(`[${WHITESPACE}]+`, "g");
/** Letters with a stroke or ligatures that NFKD leaves whole; mapped before lower-casing so
 *  even a database with a plain "C" collation (ASCII-only lower()) folds Latin text fully. */
const LETTERS: Record<string, string> = {
  "Ø": "o",
  "ø": "o",
  "Đ": "d",
  "đ": "d",
  "Ł": "l",
  "ł": "l",
  "Ħ": "h",
  "ħ": "h",
  "Ŧ": "t",
  "ŧ": "t",
  "Æ": "ae",
  "æ": "ae",
  "Œ": "oe",
  "œ": "oe",
  "ß": "ss",
  "ẞ": "ss",
  "Þ": "th",
  "þ": "th",
};
const LETTER = new RegExp(`[${Object.keys(LETTERS).join("")}]`, "g");

/**
 * Folds text for search: Turkish I, İ and ı become i (before anything else, because the
 * Unicode lower case of I is ı-less only outside Turkish), NFKD splits accents off and they
 * go (ş→s, ğ→g, ü→u, ö→o, ç→c, é→e, ﬁ→fi), letters NFKD keeps whole map to ASCII (ø→o, ß→ss),
 * then lower case (final sigma as σ), whitespace runs become one space, ends trimmed.
 */
export function fold(s: string): string {
  return s.replace(/[İIı]/g, "i")
    .normalize("NFKD")
    .replace(MARKS, "")
    .replace(LETTER, (ch) => LETTERS[ch])
    .toLowerCase()
    .replace(/ς/g, "σ")
    .replace(SPACES, " ")
    .replace(/^ | $/g, "");
}

/** `%`, `_` and `\` match themselves in LIKE patterns. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => "\\" + ch);

/** A LIKE pattern matching stored folded text that contains the folded query anywhere. */
export const foldedContains = (q: string) => `%${escapeLike(fold(q))}%`;
