/**
 * Text extraction from file bytes (no storage, no database): PDF through pdfjs-dist without a
 * worker thread, DOCX through mammoth, XLSX through read-excel-file, ODT from its content.xml,
 * HTML through sanitize-html, and plain text. Every extractor is bounded by the bytes it is given,
 * the text it keeps and a deadline.
 */
import { Buffer } from "node:buffer";
import { unzipSync } from "fflate";
import sanitizeHtml from "sanitize-html";
import { lazy } from "../../../shared/lazy.ts";
import {
  EXTRACT_TIMEOUT_MS,
  type FailReason,
  MAX_TEXT_CHARS,
  type TextKind,
} from "./fulltext.rules.ts";

/**
 * The parsers are loaded on first use, by the process that runs the jobs: pdfjs alone is a few
 * MB of code and prints its missing-canvas warnings when it loads.
 */
const parsers = {
  pdf: lazy(async () => {
    const [pdfjs, worker] = await Promise.all([
      import("pdfjs-dist/legacy/build/pdf.mjs"),
      import("pdfjs-dist/legacy/build/pdf.worker.mjs"),
    ]);
    // pdfjs runs its "worker" on this thread when it finds the handler here: no Worker thread.
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker ??= worker;
    return pdfjs;
  }),
  mammoth: lazy(async () => {
    const [{ default: mammoth }, { default: promises }] = await Promise.all([
      import("mammoth"),
      import("mammoth/lib/promises.js"),
    ]);
    // mammoth wraps its results in a Promise subclass built with `__proto__`, which Deno does
    // not have; its own promises are returned instead (the only loss: no `.done()` on them).
    (promises as { toExternalPromise: (p: unknown) => unknown }).toExternalPromise = (p) => p;
    return mammoth;
  }),
  xlsx: lazy(async () => (await import("read-excel-file/universal")).default),
};

/** Declared unpacked size of an office file's parts above which it is not opened (zip bombs). */
const MAX_UNPACKED_BYTES = 256 * 1024 * 1024;

export type Extracted =
  | { ok: true; text: string; truncated: boolean }
  | { ok: false; reason: FailReason; detail: string };

/** Raised when a file cannot be read as its format (reason `corrupt`). */
class Unreadable extends Error {}
class TimedOut extends Error {}

/** Collects text up to the limit; whitespace runs become one space or one newline. */
class TextSink {
  private parts: string[] = [];
  private length = 0;
  truncated = false;
  constructor(private readonly max: number, private readonly deadline: number) {}
  get full() {
    return this.length >= this.max;
  }
  add(s: string) {
    if (Date.now() > this.deadline) throw new TimedOut();
    if (this.full) {
      if (s.trim()) this.truncated = true;
      return;
    }
    const room = this.max - this.length;
    const piece = s.length > room ? s.slice(0, room) : s;
    if (piece.length < s.length) this.truncated = true;
    this.parts.push(piece);
    this.length += piece.length + 1;
  }
  text() {
    return normalizeText(this.parts.join("\n")).slice(0, this.max);
  }
}

/** Spaces and tabs collapse to one space, blank lines to one newline; control characters go. */
export function normalizeText(s: string): string {
  return s
    // deno-lint-ignore no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, " ")
    .replace(/[ \t\u00a0]+/g, " ")
    .replace(/ ?\r?\n[\s]*/g, "\n")
    .trim();
}

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

/** Named (the common five and nbsp) and numeric character references. */
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === "#") {
      const code = e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : " ";
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

/** Bytes as text: UTF-8 (a BOM dropped) or UTF-16 with a BOM; bad sequences become U+FFFD. */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes);
  return new TextDecoder("utf-8").decode(bytes);
}

/** HTML as its visible text (scripts, styles and comments dropped). */
export function htmlText(html: string): string {
  const stripped = sanitizeHtml(html.replace(/<(br|\/p|\/div|\/li|\/tr|\/h\d)\b[^>]*>/gi, "$&\n"), {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: ["script", "style", "textarea", "option", "noscript", "template"],
  });
  return decodeEntities(stripped);
}

/** ODF content.xml as text: paragraphs and headings on their own lines. */
export function odfText(xml: string): string {
  return decodeEntities(
    xml
      .replace(/<text:(s|tab)\b[^>]*\/>/g, " ")
      .replace(/<text:line-break\b[^>]*\/>/g, "\n")
      .replace(/<\/text:(p|h)>/g, "\n")
      .replace(/<[^>]*>/g, ""),
  );
}

/** The declared unpacked sizes of a ZIP's entries, read from its directory (nothing inflated). */
function zipEntries(bytes: Uint8Array): Map<string, number> {
  const sizes = new Map<string, number>();
  try {
    unzipSync(bytes, {
      filter: (f) => {
        sizes.set(f.name, f.originalSize);
        return false;
      },
    });
  } catch (err) {
    throw new Unreadable(`not a ZIP archive: ${(err as Error).message}`);
  }
  const total = [...sizes.values()].reduce((n, s) => n + s, 0);
  if (total > MAX_UNPACKED_BYTES) throw new Unreadable("the archive unpacks too large");
  return sizes;
}

async function pdfText(bytes: Uint8Array, sink: TextSink) {
  if (decodeText(bytes.subarray(0, 1024)).indexOf("%PDF-") < 0) {
    throw new Unreadable("no PDF header");
  }
  const pdfjs = await parsers.pdf();
  const task = pdfjs.getDocument({
    // pdfjs takes the buffer over (detaches it): it gets a copy, the caller keeps its bytes.
    data: bytes.slice(),
    useSystemFonts: false,
    disableFontFace: true,
    stopAtErrors: true,
    verbosity: 0,
  });
  try {
    let doc;
    try {
      doc = await task.promise;
    } catch (err) {
      throw new Unreadable((err as Error).message);
    }
    for (let n = 1; n <= doc.numPages && !sink.full; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      let line = "";
      for (const item of content.items) {
        if (!("str" in item)) continue;
        line += item.str + (item.hasEOL ? "\n" : " ");
      }
      sink.add(line);
      page.cleanup();
    }
  } finally {
    await task.destroy();
  }
}

async function docxText(bytes: Uint8Array, sink: TextSink) {
  const parts = zipEntries(bytes);
  if (!parts.has("word/document.xml")) throw new Unreadable("no word/document.xml");
  const mammoth = await parsers.mammoth();
  const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
  sink.add(value);
}

async function xlsxText(bytes: Uint8Array, sink: TextSink) {
  const parts = zipEntries(bytes);
  if (!parts.has("xl/workbook.xml")) throw new Unreadable("no xl/workbook.xml");
  let sheets;
  try {
    const readXlsxFile = await parsers.xlsx();
    sheets = await readXlsxFile(bytes.slice().buffer as ArrayBuffer);
  } catch (err) {
    throw new Unreadable((err as Error).message);
  }
  for (const { sheet, data } of sheets) {
    sink.add(sheet);
    for (const row of data) {
      if (sink.full) return;
      sink.add(row.filter((c) => c !== null && c !== undefined).map(cellText).join(" "));
    }
  }
}

const cellText = (c: unknown) => c instanceof Date ? c.toISOString().slice(0, 10) : String(c);

function odtText(bytes: Uint8Array, sink: TextSink) {
  const parts = zipEntries(bytes);
  if (!parts.has("content.xml")) throw new Unreadable("no content.xml");
  const files = unzipSync(bytes, { filter: (f) => f.name === "content.xml" });
  sink.add(odfText(new TextDecoder().decode(files["content.xml"])));
}

/**
 * The text of one file's bytes as `kind`, at most `maxChars` characters, within `timeoutMs`.
 * Never throws for bad input: an unreadable file is `{ ok: false, reason }`.
 */
export async function extractText(
  bytes: Uint8Array,
  kind: TextKind,
  opts: { maxChars?: number; timeoutMs?: number; inputTruncated?: boolean } = {},
): Promise<Extracted> {
  const timeoutMs = opts.timeoutMs ?? EXTRACT_TIMEOUT_MS;
  const sink = new TextSink(opts.maxChars ?? MAX_TEXT_CHARS, Date.now() + timeoutMs);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut()), timeoutMs);
  });
  try {
    const work = (async () => {
      if (kind === "pdf") await pdfText(bytes, sink);
      else if (kind === "docx") await docxText(bytes, sink);
      else if (kind === "xlsx") await xlsxText(bytes, sink);
      else if (kind === "odt") odtText(bytes, sink);
      else if (kind === "html") sink.add(htmlText(decodeText(bytes)));
      else sink.add(decodeText(bytes));
    })();
    work.catch(() => {});
    await Promise.race([work, deadline]);
    return { ok: true, text: sink.text(), truncated: sink.truncated || !!opts.inputTruncated };
  } catch (err) {
    if (err instanceof TimedOut) {
      return { ok: false, reason: "timeout", detail: `stopped after ${timeoutMs} ms` };
    }
    const corrupt = err instanceof Unreadable || kind !== "text";
    return {
      ok: false,
      reason: corrupt ? "corrupt" : "error",
      detail: String((err as Error).message ?? err).slice(0, 500),
    };
  } finally {
    clearTimeout(timer);
  }
}
