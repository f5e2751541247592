/**
 * Which files full-text extraction reads, and the bounds on that work (docs/limits.md).
 */

/** Formats text is extracted from. */
export type TextKind = "pdf" | "docx" | "xlsx" | "odt" | "html" | "text";

/** Files larger than this are not read at all for the archive formats (PDF, DOCX, XLSX, ODT). */
export const MAX_DOCUMENT_BYTES = 32 * 1024 * 1024;
/** Plain text, CSV, markdown and HTML: only this much of the beginning is read. */
export const MAX_TEXT_INPUT_BYTES = 8 * 1024 * 1024;
/** Extracted text kept per file (characters); the rest is not searchable. */
export const MAX_TEXT_CHARS = 2 * 1024 * 1024;
/** One file's extraction stops after this long (checked between pages, sheets and parts). */
export const EXTRACT_TIMEOUT_MS = 30_000;

const EXTENSIONS: Record<string, TextKind> = {
  pdf: "pdf",
  docx: "docx",
  xlsx: "xlsx",
  odt: "odt",
  html: "html",
  htm: "html",
  txt: "text",
  text: "text",
  md: "text",
  markdown: "text",
  csv: "text",
  tsv: "text",
  log: "text",
};

const TYPES: Record<string, TextKind> = {
  "application/pdf": "pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
  "application/vnd.oasis.opendocument.text": "odt",
  "text/html": "html",
  "application/xhtml+xml": "html",
  "text/plain": "text",
  "text/markdown": "text",
  "text/csv": "text",
  "text/tab-separated-values": "text",
};

/** The format to extract, from the content type, else the name's extension; null = none. */
export function textKind(contentType: string, name: string): TextKind | null {
  const type = contentType.split(";")[0].trim().toLowerCase();
  if (TYPES[type]) return TYPES[type];
  const ext = name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? "";
  return EXTENSIONS[ext] ?? null;
}

/** How many bytes of a file of this kind are read; null = too large to read at all. */
export function bytesToRead(kind: TextKind, size: number): number | null {
  if (kind === "text" || kind === "html") return Math.min(size, MAX_TEXT_INPUT_BYTES);
  return size > MAX_DOCUMENT_BYTES ? null : size;
}

/** Why a file has no text (stored as a code, shown through fulltext.messages.ts). */
export type FailReason = "type" | "too-large" | "corrupt" | "timeout" | "error";
