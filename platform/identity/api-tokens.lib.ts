/** API tokens' revocation keys (their bytes: shared/crypto/bytes.ts). */

/** The revocation key of a token in revoked_tokens (checked on every request). */
export const jtiOf = (id: string) => `tok:${id}`;

/** The token id of an API token's session jti, or null for a sign-in session's. */
export const tokenIdOfJti = (jti: string | undefined) =>
  jti?.startsWith("tok:") ? jti.slice(4) : null;
