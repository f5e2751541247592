/**
 * Reading a mailbox over IMAP (imapflow): connect with the stored (sealed) password, take the
 * messages newer than the stored cursor (UID under the folder's UIDVALIDITY; the unread ones the
 * first time), store each one whole in its own short transaction, and mark it \Seen only after
 * that committed. A message over the mailbox's limit is recorded with its headers in the failed
 * list and left unread in the folder. Two readers of one mailbox store each message once: the
 * Message-ID is unique per mailbox.
 */
import type { ImapFlow } from "imapflow";
import { lookup } from "node:dns/promises";
import { isForbiddenAddress, isIpLiteral } from "../../../shared/net/address-guard.ts";
import type { Sql } from "../../../shared/db/database.ts";
import type { Bus } from "../../../shared/realtime/bus.ts";
import { getMailbox, type MailboxRow, recordCheck, saveImapCursor } from "./mailboxes.repo.ts";
import { openPassword } from "./mailboxes.crypto.lib.ts";
import { storeMessage } from "./mailboxes.store.service.ts";
import { MAX_MESSAGE_BYTES } from "./mailboxes.schemas.ts";
import { errorText } from "./mailboxes.rules.ts";

/** Opens a short tenant-scoped transaction (a job's `scoped`, or withScope in the watcher). */
export type Scoped = <T>(fn: (sql: Sql) => Promise<T>) => Promise<T>;

export interface ImapAccount {
  host: string;
  port: number;
  tls: boolean;
  user: string;
  password: string;
  folder: string;
}

/** Messages taken in one pass at most (the next pass goes on from the cursor). */
const BATCH = 200;

let allowPrivate: (() => boolean) | null = null;

/**
 * Whether IMAP servers at private addresses may be used (the operator's setting, read live).
 * The first app of the process sets it (a process serves one app; tests add short-lived ones).
 */
export function useImapPolicy(allow: () => boolean) {
  allowPrivate ??= allow;
}

/**
 * The address to connect to (SSRF guard): every address the host resolves to must be public,
 * unless the operator allows private ones; the client then connects to that very address, so a
 * DNS answer changing between the check and the connection cannot redirect it.
 */
async function pinnedAddress(host: string): Promise<string> {
  if (allowPrivate?.()) return host;
  const bare = host.replace(/^\[(.*)\]$/, "$1");
  let addresses: string[];
  if (isIpLiteral(bare)) addresses = [bare];
  else {
    try {
      addresses = (await lookup(bare, { all: true, verbatim: true })).map((r) => r.address);
    } catch {
      throw new Error(`${host} cannot be resolved.`);
    }
  }
  if (!addresses.length || addresses.some((ip) => isForbiddenAddress(ip))) {
    throw new Error(
      `${host} points to a private, loopback or link-local address; only public mail servers can be used.`,
    );
  }
  return addresses[0];
}

/** A client for one account: quiet, bounded, IDLE on by default when left idle. */
export async function imapClient(a: ImapAccount): Promise<ImapFlow> {
  const address = await pinnedAddress(a.host);
  // Loaded on first use: its logger (pino) reads the host name when it loads, which a server
  // started without that permission (the edge profile) refuses, though it may never use IMAP.
  const { ImapFlow } = await import("imapflow");
  const client = new ImapFlow({
    host: address,
    // TLS checks the certificate against the name typed, not the pinned address.
    servername: isIpLiteral(a.host) ? undefined : a.host,
    port: a.port,
    secure: a.tls,
    auth: { user: a.user, pass: a.password },
    logger: false,
    connectionTimeout: 15_000,
    greetingTimeout: 10_000,
    socketTimeout: 5 * 60_000,
    maxLiteralSize: MAX_MESSAGE_BYTES + 1024 * 1024,
    // IDLE a second after the last command (so new mail is announced at once), renewed every
    // 10 minutes (servers may end an IDLE after 30).
    autoIdleDelay: 1000,
    maxIdleTime: 10 * 60_000,
    // With TLS off, take STARTTLS only when the server offers it (a local test server does not).
    doSTARTTLS: a.tls ? undefined : false,
  });
  client.on("error", () => {}); // failures surface from the awaited calls
  return client;
}

/** The account of a mailbox row, or why it cannot be used. */
export async function accountOf(
  tenantId: string,
  row: MailboxRow,
): Promise<ImapAccount | string> {
  if (!row.imapHost || !row.imapUser || !row.imapPasswordCiphertext) {
    return "IMAP is not set up for this mailbox.";
  }
  const password = await openPassword(tenantId, row.id, {
    ciphertext: row.imapPasswordCiphertext,
    nonce: row.imapPasswordNonce!,
    keyId: row.imapPasswordKeyId!,
  });
  if (password === null) return "The stored IMAP password cannot be opened; set it again.";
  return {
    host: row.imapHost,
    port: row.imapPort ?? (row.imapTls ? 993 : 143),
    tls: row.imapTls,
    user: row.imapUser,
    password,
    folder: row.imapFolder,
  };
}

/** Connects, opens the folder and counts its messages; the error in people's words if not. */
export async function testAccount(a: ImapAccount) {
  let client: ImapFlow;
  try {
    client = await imapClient(a);
  } catch (err) {
    return { ok: false, error: errorText(err) as string | null, messages: null };
  }
  try {
    await client.connect();
    const status = await client.status(a.folder, { messages: true });
    const messages = status ? status.messages ?? null : null;
    return { ok: true, error: null as string | null, messages };
  } catch (err) {
    return { ok: false, error: errorText(err) as string | null, messages: null };
  } finally {
    await client.logout().catch(() => client.close());
  }
}

/** What one pass did. */
export interface PassResult {
  stored: number;
  duplicates: number;
  refused: number;
}

/**
 * One pass over the mailbox's folder on an open client (the caller connects and disconnects):
 * fetches what is new since the cursor, stores it, marks it read.
 */
export async function readNew(
  client: ImapFlow,
  run: Scoped,
  bus: Bus,
  row: MailboxRow,
): Promise<PassResult> {
  const out: PassResult = { stored: 0, duplicates: 0, refused: 0 };
  const lock = await client.getMailboxLock(row.imapFolder);
  try {
    const box = client.mailbox;
    if (!box) throw new Error("The folder could not be opened.");
    const validity = String(box.uidValidity);
    const last = row.imapUidValidity === validity ? Number(row.imapLastUid) : null;
    const found = last === null
      ? await client.search({ seen: false }, { uid: true })
      : await client.search({ uid: `${last + 1}:*` }, { uid: true });
    const uids = (found || []).filter((u) => last === null || u > last).sort((a, b) => a - b)
      .slice(0, BATCH);
    for (const uid of uids) {
      const meta = await client.fetchOne(String(uid), { uid: true, size: true }, { uid: true });
      if (!meta) continue; // expunged meanwhile
      const size = meta.size ?? 0;
      const tooLarge = size > row.maxMessageBytes;
      const part = tooLarge
        ? await client.fetchOne(String(uid), { headers: true }, { uid: true })
        : await client.fetchOne(String(uid), { source: true }, { uid: true });
      if (!part) continue;
      const raw = new Uint8Array((tooLarge ? part.headers : part.source) ?? new Uint8Array());
      const stored = await run(async (sql) => {
        const s = await storeMessage({ sql, bus }, {
          mailboxId: row.id,
          source: "imap",
          imapUid: uid,
          raw,
          size: tooLarge ? size : raw.length,
          tooLarge,
        });
        await saveImapCursor(sql, row.id, validity, uid);
        return s;
      });
      if (stored.duplicate) out.duplicates++;
      else if (tooLarge) out.refused++;
      else out.stored++;
      // Read only once its row is committed; a refused one stays unread where it is.
      if (!tooLarge) await client.messageFlagsAdd(String(uid), ["\\Seen"], { uid: true });
    }
  } finally {
    lock.release();
  }
  return out;
}

/**
 * One whole pass for a mailbox: load it, connect, read what is new, disconnect; the outcome
 * (or the error) is recorded on the mailbox for its page.
 */
export async function pollMailbox(
  run: Scoped,
  bus: Bus,
  tenantId: string,
  mailboxId: string,
): Promise<PassResult | null> {
  const row = await run((sql) => getMailbox(sql, mailboxId));
  if (!row || !row.enabled || !row.imapHost) return null;
  const account = await accountOf(tenantId, row);
  if (typeof account === "string") {
    await run((sql) => recordCheck(sql, mailboxId, account));
    return null;
  }
  let client: ImapFlow;
  try {
    client = await imapClient(account);
  } catch (err) {
    await run((sql) => recordCheck(sql, mailboxId, errorText(err)));
    return null;
  }
  try {
    await client.connect();
    const result = await readNew(client, run, bus, row);
    await run((sql) => recordCheck(sql, mailboxId, null));
    return result;
  } catch (err) {
    await run((sql) => recordCheck(sql, mailboxId, errorText(err)));
    return null;
  } finally {
    await client.logout().catch(() => client.close());
  }
}
