/**
 * Thumbnail rules (pure): which files get an image, the size boxes, the input limits and the
 * file's real format read from its first bytes (the declared type is not trusted).
 */

/** The grid's thumbnail and the detail view's preview: the longer side at most this. */
export const BOXES = { small: 256, large: 1024 } as const;
export type ThumbSize = keyof typeof BOXES;

/** Files above this size are not decoded (status unsupported, reason too-large). */
export const MAX_INPUT_BYTES = 40 * 1024 * 1024;
/** Decoded pixels above this are refused (decompression bombs): 50 megapixels. */
export const MAX_PIXELS = 50_000_000;
/** One decoding process: wall time and memory (RLIMIT_DATA, over Deno's own reservations). */
export const RENDER_TIMEOUT_MS = 20_000;
export const RENDER_DATA_LIMIT_BYTES = 1536 * 1024 * 1024;

export type ThumbKind = "image" | "pdf";
export type ThumbStatus = "pending" | "ready" | "failed" | "unsupported";
/** Why there is no thumbnail: type, too-large, corrupt, timeout, error. */
export type ThumbReason = "type" | "too-large" | "corrupt" | "timeout" | "error";

const IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "image/gif"]);
const IMAGE_EXT = /\.(jpe?g|png|webp|gif)$/i;

/** What a file may become by its declared type or name; null: no thumbnail is made. */
export function thumbKind(contentType: string, name: string): ThumbKind | null {
  const type = contentType.split(";")[0].trim().toLowerCase();
  if (type === "application/pdf" || /\.pdf$/i.test(name)) return "pdf";
  if (IMAGE_TYPES.has(type) || IMAGE_EXT.test(name)) return "image";
  return null;
}

/** The format the first bytes show (magic numbers); null when none of ours. */
export function sniff(head: Uint8Array): "jpeg" | "png" | "gif" | "webp" | "pdf" | null {
  const at = (i: number, ...b: number[]) => b.every((x, k) => head[i + k] === x);
  if (at(0, 0xff, 0xd8, 0xff)) return "jpeg";
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (at(0, 0x47, 0x49, 0x46, 0x38)) return "gif";
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return "webp";
  const text = new TextDecoder("latin1").decode(head.subarray(0, 1024));
  if (text.includes("%PDF-")) return "pdf";
  return null;
}

/**
 * The pixel size a header declares (PNG IHDR, GIF screen, WebP VP8/VP8L/VP8X, JPEG SOF), read
 * before anything is decoded; null when the header does not say.
 */
export function declaredSize(head: Uint8Array): { width: number; height: number } | null {
  const kind = sniff(head);
  const v = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const u16le = (i: number) => i + 2 <= head.length ? v.getUint16(i, true) : 0;
  const u16be = (i: number) => i + 2 <= head.length ? v.getUint16(i, false) : 0;
  const u24le = (i: number) =>
    i + 3 <= head.length ? head[i] | head[i + 1] << 8 | head[i + 2] << 16 : 0;
  if (kind === "png" && head.length >= 24) {
    return { width: v.getUint32(16, false), height: v.getUint32(20, false) };
  }
  if (kind === "gif" && head.length >= 10) return { width: u16le(6), height: u16le(8) };
  if (kind === "webp" && head.length >= 30) {
    const chunk = new TextDecoder("latin1").decode(head.subarray(12, 16));
    if (chunk === "VP8X") return { width: u24le(24) + 1, height: u24le(27) + 1 };
    if (chunk === "VP8L") {
      const b = head.subarray(21, 25);
      return {
        width: 1 + (((b[1] & 0x3f) << 8) | b[0]),
        height: 1 + (((b[3] & 0x0f) << 10) | (b[2] << 2) | ((b[1] & 0xc0) >> 6)),
      };
    }
    if (chunk === "VP8 ") return { width: u16le(26) & 0x3fff, height: u16le(28) & 0x3fff };
    return null;
  }
  if (kind === "jpeg") {
    let i = 2;
    while (i + 9 < head.length) {
      if (head[i] !== 0xff) return null;
      const marker = head[i + 1];
      if (marker === 0xff) {
        i++;
        continue;
      }
      const isSof = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
      if (isSof) return { width: u16be(i + 7), height: u16be(i + 5) };
      i += 2 + u16be(i + 2);
    }
  }
  return null;
}

/** How many leading bytes declaredSize may need (a JPEG's SOF can follow large EXIF blocks). */
export const HEAD_BYTES = 256 * 1024;

/**
 * The size of w×h scaled into a square box of `box` pixels, aspect kept, never enlarged unless
 * `grow` (a PDF page is rendered at the box's size).
 */
export function fitBox(w: number, h: number, box: number, grow = false) {
  const scale = Math.min(box / w, box / h, grow ? Infinity : 1);
  return {
    width: Math.max(1, Math.round(w * scale)),
    height: Math.max(1, Math.round(h * scale)),
  };
}

/** Decides, before any decoding, whether a file is refused and why. */
export function precheck(
  kind: ThumbKind,
  size: number,
  head: Uint8Array,
): { ok: true } | {
  ok: false;
  status: "unsupported" | "failed";
  reason: ThumbReason;
  detail: string;
} {
  if (size > MAX_INPUT_BYTES) {
    return { ok: false, status: "unsupported", reason: "too-large", detail: `${size} bytes` };
  }
  const format = sniff(head);
  if (kind === "pdf" ? format !== "pdf" : !format || format === "pdf") {
    return {
      ok: false,
      status: "failed",
      reason: "corrupt",
      detail: "the content is not this format",
    };
  }
  const dims = kind === "image" ? declaredSize(head) : null;
  if (dims && dims.width * dims.height > MAX_PIXELS) {
    return {
      ok: false,
      status: "unsupported",
      reason: "too-large",
      detail: `${dims.width}x${dims.height} pixels`,
    };
  }
  return { ok: true };
}

/** A file's thumbnail as pages show it (thumbnails.service.ts fills it). */
export interface ThumbInfo {
  status: ThumbStatus;
  /** Why there is no image (failed, unsupported). */
  reason: ThumbReason | null;
  /** The first part of the file's extracted text (office documents, text), when indexed. */
  excerpt: string | null;
  /** The image's URL (the content's hash in it, so browsers may keep it), when ready. */
  small: string | null;
  large: string | null;
}
