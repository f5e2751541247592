// @ts-types="@types/mailparser"
import type { AddressObject } from "mailparser";
import { Buffer } from "node:buffer";
import { createHash } from "node:crypto";
import { z } from "zod";
import type { HeaderMap } from "./mail.loop.rules.ts";
import { htmlToText } from "./mail.html.lib.ts";
import { normalizeMessageId, referencedIds } from "./mail.thread.rules.ts";
import { lazy } from "../../../shared/lazy.ts";

/** mailparser (about 5 MB of heap), loaded by the first message parsed. */
const parser = lazy(async () => (await import("mailparser")).simpleParser);
/** email-reply-parser (about 2 MB of heap), loaded by the first reply trimmed. */
const ReplyParser = lazy(async () => (await import("email-reply-parser")).default);

export interface MailFile {
  name: string;
  contentType: string;
  bytes: Uint8Array;
  sha256: string;
  /** The Content-ID an HTML body refers to as `cid:…` (without brackets), if any. */
  cid: string | null;
  /** Shown in the body (an inline image) rather than attached. */
  inline: boolean;
}

/** What intake and the original view read from one raw message. */
export interface ParsedMail {
  messageId: string | null;
  /** Ids this message answers, nearest first (In-Reply-To, then References newest back). */
  references: string[];
  from: { address: string; name: string };
  to: string[];
  cc: string[];
  date: Date | null;
  subject: string;
  /** The whole text (with the quoted history). */
  text: string;
  /** The text without quoted history and signature; the full text when nothing is left. */
  visibleText: string;
  html: string | null;
  headers: HeaderMap;
  files: MailFile[];
}

export type ParseResult = { ok: true; mail: ParsedMail } | { ok: false; reason: string };

const ADDRESS = z.email().max(254);

function addresses(field: AddressObject | AddressObject[] | undefined) {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  const out: { address: string; name: string }[] = [];
  const walk = (items: { address?: string; name?: string; group?: unknown[] }[]) => {
    for (const a of items) {
      if (a.group) walk(a.group as typeof items);
      else if (a.address) out.push({ address: a.address.toLowerCase(), name: a.name ?? "" });
    }
  };
  for (const f of list) walk(f.value);
  return out;
}

/** The first occurrence of each header, name lower-cased, value as written (unfolded). */
function headerMap(lines: readonly { key: string; line: string }[]): HeaderMap {
  const map: HeaderMap = {};
  for (const { key, line } of lines) {
    const k = key.toLowerCase();
    if (k in map) continue;
    map[k] = line.slice(line.indexOf(":") + 1).replace(/\r?\n[ \t]+/g, " ").trim();
  }
  return map;
}

// Control and bidi-override characters: "invoice\u202Etxt.exe" would show as "invoiceexe.txt".
// deno-lint-ignore no-control-regex
const UNSAFE_NAME_CHARS = /[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g;

function fileName(name: string | undefined, type: string, n: number) {
  const base = (name ?? "").split(/[\/\\]/).pop() ?? "";
  const clean = base.replace(UNSAFE_NAME_CHARS, "").trim().slice(0, 200);
  if (clean && clean !== "." && clean !== "..") return clean;
  const ext = /^image\/(png|jpeg|gif|webp)$/.exec(type)?.[1]?.replace("jpeg", "jpg") ??
    (type === "application/pdf" ? "pdf" : "bin");
  return `attachment-${n}.${ext}`;
}

// email-reply-parser runs dozens of backtracking regexes over the whole text and over each
// line; crafted input makes it quadratic or worse (20,000 blank lines: 20 s; one 8 KB line:
// minutes). So it reads a bounded copy: lines cut to LINE_MAX, runs of blank lines made one,
// at most PARSE_MAX characters. The visible lines it returns are mapped back to the originals.
const LINE_MAX = 300;
const PARSE_MAX = 16_000;

/**
 * Trims quoted history and signatures off a reply (email-reply-parser). A text longer than
 * the parser reads is trimmed only when the part read holds quoted history or a signature
 * (what follows it is more of the history); else it is kept whole.
 */
export async function visibleTextOf(text: string): Promise<string> {
  const original = text.split("\n");
  const kept: number[] = [];
  const skeleton: string[] = [];
  let size = 0;
  let cut = false;
  for (let i = 0; i < original.length; i++) {
    const line = original[i].trim() ? original[i].slice(0, LINE_MAX) : "";
    if (!line && skeleton.length && !skeleton[skeleton.length - 1]) continue;
    if (size + line.length + 1 > PARSE_MAX) {
      cut = true;
      break;
    }
    size += line.length + 1;
    kept.push(i);
    skeleton.push(line);
  }
  const email = new (await ReplyParser())().read(skeleton.join("\n"));
  if (cut && !email.getFragments().some((f) => f.isHidden() && f.getContent().trim())) {
    return text.trim();
  }
  // Each visible line back to its full original (the parser keeps line order; a line it
  // changed, e.g. a quote header it joined, stays as the parser gave it).
  const out: string[] = [];
  let at = 0;
  for (const line of email.getVisibleText().split("\n")) {
    const want = line.trim();
    let j = at;
    while (j < skeleton.length && skeleton[j].trim() !== want) j++;
    if (j < skeleton.length) {
      out.push(original[kept[j]]);
      at = j + 1;
    } else out.push(line);
  }
  return out.join("\n").trim() || text.trim();
}

/**
 * Parses one raw RFC 5322 message. The parser accepts nearly anything, so "malformed" is what
 * intake cannot work with: no header block, or no usable sender address.
 */
export async function parseMail(raw: Uint8Array): Promise<ParseResult> {
  if (!raw.byteLength) return { ok: false, reason: "The message is empty." };
  // Outside the try: a parser that cannot load is the process's fault, not the message's.
  const simpleParser = await parser();
  let parsed;
  try {
    parsed = await simpleParser(Buffer.from(raw), {
      skipHtmlToText: false,
      skipTextToHtml: true,
      skipImageLinks: true,
    });
  } catch (err) {
    return { ok: false, reason: `The message could not be read: ${(err as Error).message}` };
  }
  const headers = headerMap(parsed.headerLines ?? []);
  if (!headers["from"] && !headers["message-id"] && !headers["subject"]) {
    return { ok: false, reason: "Not an e-mail message: it has no header block." };
  }
  const from = addresses(parsed.from)[0];
  if (!from || !ADDRESS.safeParse(from.address).success) {
    return { ok: false, reason: "The message has no valid sender (From) address." };
  }
  const refs = parsed.references
    ? (Array.isArray(parsed.references) ? parsed.references : [parsed.references])
    : [];
  const html = typeof parsed.html === "string" ? parsed.html : null;
  const text = (parsed.text?.trim() ? parsed.text : html ? htmlToText(html) : "")
    .replace(/\r\n/g, "\n");
  const files = (parsed.attachments ?? []).map((a, i): MailFile => {
    const bytes = new Uint8Array(a.content);
    const contentType = (a.contentType || "application/octet-stream").toLowerCase();
    return {
      name: fileName(a.filename, contentType, i + 1),
      contentType,
      bytes,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      cid: a.cid ? a.cid.replace(/^<|>$/g, "") : null,
      inline: a.contentDisposition === "inline" || !!a.related,
    };
  });
  return {
    ok: true,
    mail: {
      messageId: normalizeMessageId(parsed.messageId),
      references: referencedIds(parsed.inReplyTo ?? null, refs),
      from,
      to: addresses(parsed.to).map((a) => a.address),
      cc: addresses(parsed.cc).map((a) => a.address),
      date: parsed.date ?? null,
      subject: (parsed.subject ?? "").replace(/\s+/g, " ").trim(),
      text,
      visibleText: await visibleTextOf(text),
      html,
      headers,
      files,
    },
  };
}
