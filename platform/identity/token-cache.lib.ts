import type { Claims, TokenService } from "../../shared/auth/jwt.ts";

/**
 * Tokens whose signature and claims this process has checked, until they expire. A signature
 * stays valid, so this saves the Ed25519 verification on every request without trusting
 * anything stale: revocation, membership, roles and tenant suspension are still read from the
 * database by the session query on every request. External tokens are not kept (their issuer's
 * keys can change under us).
 */
const verifiedBy = new WeakMap<object, Map<string, Claims>>(); // per token service (its keys)
const MAX_VERIFIED = 10_000;

/** The token's claims, verified now or before (throws TokenError when it is not valid). */
export async function verifyCached(tokens: TokenService, token: string): Promise<Claims> {
  let verified = verifiedBy.get(tokens);
  if (!verified) verifiedBy.set(tokens, verified = new Map());
  const hit = verified.get(token);
  if (hit && hit.exp * 1000 > Date.now()) return hit;
  if (hit) verified.delete(token);
  const claims = await tokens.verify(token);
  if (!claims.external) {
    if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value!);
    verified.set(token, claims);
  }
  return claims;
}
