import { Problem } from "../../shared/http/problem.ts";
/** Pure checks of tenant settings: time zones and logos. Tested directly. */

export { canonicalTimeZone, timeZoneNames } from "../../shared/i18n/time-zone.ts";

/** The largest logo, in bytes of the image itself (its data: URL is about a third longer). */
export const LOGO_MAX_BYTES = 64 * 1024;

/** Image types a logo may have. SVG can carry scripts and links, so it is refused outright. */
export const LOGO_TYPES = ["image/png", "image/jpeg"] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

const SIGNATURES: Record<LogoType, number[]> = {
  "image/png": [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  "image/jpeg": [0xff, 0xd8, 0xff],
};

/** The image type the bytes really are (by their signature), whatever the upload claimed. */
export function sniffLogoType(bytes: Uint8Array): LogoType | null {
  for (const type of LOGO_TYPES) {
    const sig = SIGNATURES[type];
    if (bytes.length >= sig.length && sig.every((b, i) => bytes[i] === b)) return type;
  }
  return null;
}

function decodeBase64(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return null;
  try {
    return Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));
  } catch {
    return null;
  }
}

function encodeBase64(bytes: Uint8Array): string {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(text);
}

/** Why a logo is refused: an SVG, another type, too large, or not a readable image. */
export type LogoProblem = "svg" | "type" | "size" | "data";

/** The API's wording of each problem (pages show their translated labels instead). */
export const LOGO_PROBLEM_TEXT: Record<LogoProblem, string> = {
  svg: "SVG images are not accepted; use PNG or JPEG",
  type: "only PNG or JPEG images",
  size: "at most 64 KB",
  data: "a data: URL of a PNG or JPEG image, with base64 data of that type",
};

/** What is wrong with a logo data: URL, or null when it is fine. */
export function logoProblem(dataUrl: string): LogoProblem | null {
  const m = /^data:([\w.+-]+\/[\w.+-]+);base64,(.*)$/s.exec(dataUrl);
  if (!m) return "data";
  const declared = m[1].toLowerCase();
  if (declared.startsWith("image/svg")) return "svg";
  if (!(LOGO_TYPES as readonly string[]).includes(declared)) return "type";
  if (m[2].length > Math.ceil(LOGO_MAX_BYTES / 3) * 4) return "size";
  const bytes = decodeBase64(m[2]);
  if (!bytes || bytes.length === 0) return "data";
  if (bytes.length > LOGO_MAX_BYTES) return "size";
  return sniffLogoType(bytes) === declared ? null : "data";
}

/**
 * An uploaded file as a data: URL for the settings schema to check: typed by its content when it
 * is a PNG or JPEG, else by the browser's claim (so an SVG is named as such when refused).
 */
export function uploadAsDataUrl(bytes: Uint8Array, claimedType: string): string {
  const type = sniffLogoType(bytes) ?? (claimedType || "application/octet-stream");
  return `data:${type};base64,${encodeBase64(bytes)}`;
}

/**
 * The answer for a member of a suspended tenant, at sign-in and on tenant switch (a session in
 * it ends with a 401, see session.middleware.ts). Its own type, so the sign-in page can say why.
 */
export const tenantSuspended = () =>
  new Problem(
    403,
    "tenant-suspended",
    "Forbidden",
    "This workspace is suspended. Ask the platform operator to reactivate it.",
  );
