/** The shapes the translations page shows (views take them from here, not from the service). */

/** Where a cell's text comes from. */
export type Source = "override" | "builtin" | "fallback";

export interface Cell {
  value: string;
  source: Source;
  /** The text without the tenant's override for this language. */
  default: string;
}

export interface TranslationRow {
  key: string;
  /** The part of the product the key belongs to (the editor groups by it). */
  group?: string;
  cells: Record<string, Cell>;
}
