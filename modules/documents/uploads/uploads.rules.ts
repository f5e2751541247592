/**
 * The tus 1.0.0 protocol's pure parts (https://tus.io/protocols/resumable-upload): versions,
 * extensions, header parsing and the upload resource's view. No HTTP framework, no database.
 */

export const TUS_VERSION = "1.0.0";
export const TUS_EXTENSIONS = [
  "creation",
  "creation-with-upload",
  "termination",
  "expiration",
  "checksum",
];
export const TUS_CHECKSUMS = ["sha256"];
/** The body type of PATCH (and of POST with creation-with-upload). */
export const OFFSET_STREAM = "application/offset+octet-stream";
/** An upload untouched this long expires; every PATCH moves the date on. */
export const UPLOAD_TTL_MS = 24 * 3600 * 1000;
/** A finish (joining the parts) claimed longer ago than this was cut short and may be retried. */
export const FINISH_STALE_MS = 15 * 60 * 1000;
/** Expired uploads removed per batch by the sweep. */
export const SWEEP_BATCH = 100;

export interface UploadMetadata {
  filename?: string;
  folderId?: string;
  contentType?: string;
}

/** Why a header was refused (the service turns it into a problem). */
export class HeaderError extends Error {
  constructor(readonly header: string, message: string) {
    super(message);
  }
}

function decodeBase64Utf8(value: string, header: string): string {
  try {
    const bin = atob(value);
    const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new HeaderError(header, "A metadata value is not valid Base64 (UTF-8).");
  }
}

/**
 * `Upload-Metadata`: comma-separated `key base64value` pairs (a key alone means an empty
 * value). Keys are unique ASCII without spaces or commas; `filetype` is read as the content type
 * too (tus-js-client's habit).
 */
export function parseMetadata(header: string | undefined): UploadMetadata {
  const out: Record<string, string> = {};
  if (!header?.trim()) return {};
  for (const pair of header.split(",")) {
    const [key, value, ...rest] = pair.trim().split(/\s+/);
    if (!key || rest.length || !/^[\x21-\x7e]+$/.test(key)) {
      throw new HeaderError("Upload-Metadata", "Upload-Metadata is not a list of key value pairs.");
    }
    if (key in out) {
      throw new HeaderError("Upload-Metadata", `Upload-Metadata names ${key} twice.`);
    }
    out[key] = value ? decodeBase64Utf8(value, "Upload-Metadata") : "";
  }
  const pick = (...keys: string[]) => keys.map((k) => out[k]).find((v) => v) || undefined;
  return {
    filename: pick("filename", "name"),
    folderId: pick("folderId", "folder"),
    contentType: pick("contentType", "filetype", "type"),
  };
}

/** A non-negative integer header (Upload-Length, Upload-Offset), or a HeaderError. */
export function parseCount(header: string, value: string | undefined): number {
  if (value === undefined || !/^\d{1,16}$/.test(value.trim())) {
    throw new HeaderError(header, `${header} must be a non-negative integer.`);
  }
  const n = Number(value.trim());
  if (!Number.isSafeInteger(n)) throw new HeaderError(header, `${header} is too large.`);
  return n;
}

/**
 * `Upload-Checksum: sha256 <base64 digest>` as the hex digest to compare, undefined when absent;
 * another algorithm is a HeaderError (→ 400, as the checksum extension says).
 */
export function parseChecksum(value: string | undefined): string | undefined {
  if (!value?.trim()) return undefined;
  const [algorithm, digest, ...rest] = value.trim().split(/\s+/);
  if (rest.length || !digest || algorithm.toLowerCase() !== "sha256") {
    throw new HeaderError("Upload-Checksum", "Only sha256 checksums are supported.");
  }
  try {
    const bin = atob(digest);
    if (bin.length !== 32) throw new Error("length");
    return Array.from(bin, (c) => c.charCodeAt(0).toString(16).padStart(2, "0")).join("");
  } catch {
    throw new HeaderError("Upload-Checksum", "The checksum is not a Base64 SHA-256 digest.");
  }
}

/** `Upload-Expires` is an RFC 9110 date. */
export const httpDate = (iso: string | Date) => new Date(iso).toUTCString();

export interface UploadState {
  id: string;
  name: string;
  folderId: string | null;
  contentType: string;
  length: number;
  received: number;
  expiresAt: string;
  finishedAt: string | null;
  fileId: string | null;
  createdAt: string;
}

/** The JSON view of an upload (GET) and the tus headers of every answer about it. */
export function uploadView(u: UploadState) {
  return {
    id: u.id,
    name: u.name,
    folderId: u.folderId,
    contentType: u.contentType,
    length: u.length,
    offset: u.received,
    finished: !!u.finishedAt,
    fileId: u.fileId,
    expiresAt: new Date(u.expiresAt).toISOString(),
    createdAt: new Date(u.createdAt).toISOString(),
  };
}

export function tusHeaders(u: UploadState): Record<string, string> {
  const h: Record<string, string> = {
    "Upload-Offset": String(u.received),
    "Upload-Length": String(u.length),
    "Cache-Control": "no-store",
  };
  if (!u.finishedAt) h["Upload-Expires"] = httpDate(u.expiresAt);
  if (u.fileId) h["Upload-File-Id"] = u.fileId;
  return h;
}

/** Is the request body tus's offset stream (parameters allowed)? */
export const isOffsetStream = (type: string | undefined) =>
  (type ?? "").split(";")[0].trim().toLowerCase() === OFFSET_STREAM;
