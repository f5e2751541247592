/**
 * What the storage needs to know of a raw message before anything else reads it: its header
 * section, Message-ID, sender and subject (for the list and the failed list). The body is
 * the intake's business (modules/support/mail).
 */
import { Buffer } from "node:buffer";
import { lazy } from "../../../shared/lazy.ts";

/** mailparser (about 5 MB of heap), loaded by the first message read. */
const parser = lazy(async () => (await import("mailparser")).simpleParser);

/** The header section is searched for in at most this many bytes. */
export const HEADER_BYTES = 64 * 1024;

/** The header section (up to the first empty line), or the first HEADER_BYTES bytes. */
export function headerSection(raw: Uint8Array): Uint8Array {
  const end = Math.min(raw.length, HEADER_BYTES);
  for (let i = 0; i < end; i++) {
    if (raw[i] !== 10) continue;
    if (raw[i + 1] === 10) return raw.subarray(0, i + 2);
    if (raw[i + 1] === 13 && raw[i + 2] === 10) return raw.subarray(0, i + 3);
  }
  return raw.subarray(0, end);
}

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new Uint8Array(bytes));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

export interface Summary {
  /** The Message-ID header, or `<sha256-of-raw@missing>` without one. */
  messageId: string;
  fromAddress: string | null;
  subject: string | null;
  /** False when the header section could not be read as mail headers. */
  parsable: boolean;
}

const clip = (s: string | undefined | null, n: number) => (s ? s.slice(0, n) : null);

/**
 * Reads the headers of `raw` (a whole message, or its beginning when it was refused as too
 * large). A message without Message-ID is named by the hash of its bytes, so the same bytes
 * received twice are one message.
 */
export async function summarize(raw: Uint8Array): Promise<Summary> {
  const head = headerSection(raw);
  const text = new TextDecoder("latin1").decode(head);
  let parsable = /^[\x21-\x39\x3b-\x7e]+:/.test(text);
  let messageId: string | null = null;
  let fromAddress: string | null = null;
  let subject: string | null = null;
  if (parsable) {
    // Outside the try: a parser that cannot load is the process's fault, not the message's.
    const simpleParser = await parser();
    try {
      const parsed = await simpleParser(Buffer.from(head), {
        skipHtmlToText: true,
        skipTextToHtml: true,
        skipTextLinks: true,
        skipImageLinks: true,
      });
      messageId = clip(parsed.messageId?.trim(), 998);
      fromAddress = clip(parsed.from?.value?.[0]?.address?.toLowerCase(), 320);
      subject = clip(parsed.subject, 500);
    } catch {
      parsable = false; // unreadable headers: named by the hash below
    }
  }
  if (!messageId) messageId = `<${await sha256Hex(raw)}@missing>`;
  return { messageId, fromAddress, subject, parsable };
}
