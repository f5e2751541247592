import type { ShareRow } from "./shares.repo.ts";

/** A share as the API shows it (no password hash), with its state. */
export function shareView(s: ShareRow) {
  const { passwordHash: _, ...rest } = s;
  const state: "revoked" | "expired" | "active" = s.revokedAt
    ? "revoked"
    : s.expiresAt && Date.parse(s.expiresAt) <= Date.now()
    ? "expired"
    : "active";
  return { ...rest, state };
}
