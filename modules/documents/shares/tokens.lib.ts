import { randomToken, sha256Hex } from "../../../shared/crypto/bytes.ts";

/** 256 random bits, URL-safe. Only its SHA-256 is stored. */
export const newToken = (): string => randomToken();

export const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The cookie that remembers a correct link password (per link, HttpOnly). */
export async function proofCookieName(token: string) {
  return `share_${(await sha256Hex(token)).slice(0, 16)}`;
}

/** A cookie value proving the password was given, without holding the password. */
export async function passwordProof(token: string, passwordHash: string) {
  return await sha256Hex(`${token}:${passwordHash}`);
}
