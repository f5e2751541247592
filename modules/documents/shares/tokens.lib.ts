/** 256 random bits, URL-safe. Only its SHA-256 is stored. */
export function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_")
    .replace(/=+$/, "");
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The cookie that remembers a correct link password (per link, HttpOnly). */
export async function proofCookieName(token: string) {
  return `share_${(await sha256Hex(token)).slice(0, 16)}`;
}

/** A cookie value proving the password was given, without holding the password. */
export async function passwordProof(token: string, passwordHash: string) {
  return await sha256Hex(`${token}:${passwordHash}`);
}
