import { isUuid } from "../http/ids.ts";
import * as jose from "jose";
import type { Config } from "../config.ts";
import type { Sql } from "../db/database.ts";

/** Only these algorithms are ever accepted; `none` and HMAC never are. */
export const LOCAL_ALG = "EdDSA";
const EXTERNAL_ALGS = ["RS256", "PS256", "ES256", "EdDSA"];

export interface Claims {
  sub: string;
  tid: string;
  roles: string[];
  jti?: string;
  exp: number;
  /** Set for tokens of the external issuer: the tenant claim and e-mail still need mapping. */
  external?: { tenant: string; email: string };
}

export class TokenError extends Error {}

export interface TokenService {
  issue(input: { userId: string; tenantId: string; roles: string[] }): Promise<
    { token: string; jti: string; expiresIn: number; expiresAt: Date }
  >;
  verify(token: string): Promise<Claims>;
  /**
   * Tokens for another audience than the staff API's (the customer portal): signed with the same
   * key, so the staff verifier refuses them by audience, and verifyFor refuses staff tokens.
   */
  issueFor(
    audience: string,
    input: { sub: string; claims: Record<string, unknown>; ttlSeconds: number },
  ): Promise<{ token: string; expiresAt: Date }>;
  verifyFor(audience: string, token: string): Promise<jose.JWTPayload & { sub: string }>;
  jwks(): jose.JSONWebKeySet;
}

export interface KeyPair {
  privateKey: CryptoKey;
  publicJwk: jose.JWK;
}

/**
 * Keys from config, or generated once and kept in the database (platform_secrets, readable by
 * the schema owner only), so every instance on one database signs with the same key.
 */
export async function loadKeys(config: Config, sql: Sql): Promise<KeyPair> {
  if (config.JWT_PRIVATE_KEY && config.JWT_PUBLIC_KEY) {
    return await importPair(config.JWT_PRIVATE_KEY, config.JWT_PUBLIC_KEY);
  }
  const saved = await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(7202614)`;
    const [row] = await tx`select value from platform_secrets where name = 'jwt-signing-key'`;
    if (row) return JSON.parse(row.value);
    const pair = await jose.generateKeyPair(LOCAL_ALG, { crv: "Ed25519", extractable: true });
    const pems = {
      privateKey: await jose.exportPKCS8(pair.privateKey),
      publicKey: await jose.exportSPKI(pair.publicKey),
    };
    await tx`insert into platform_secrets (name, value)
             values ('jwt-signing-key', ${JSON.stringify(pems)})`;
    return pems;
  });
  return await importPair(saved.privateKey, saved.publicKey);
}

async function importPair(privatePem: string, publicPem: string): Promise<KeyPair> {
  const privateKey = await jose.importPKCS8(privatePem, LOCAL_ALG) as CryptoKey;
  const publicKey = await jose.importSPKI(publicPem, LOCAL_ALG, { extractable: true });
  const jwk = await jose.exportJWK(publicKey);
  const kid = await jose.calculateJwkThumbprint(jwk);
  return { privateKey, publicJwk: { ...jwk, kid, alg: LOCAL_ALG, use: "sig" } };
}

export function createTokenService(config: Config, keys: KeyPair): TokenService {
  const localSet = jose.createLocalJWKSet({ keys: [keys.publicJwk] });
  const externalSet = config.EXTERNAL_JWKS_URL
    ? jose.createRemoteJWKSet(new URL(config.EXTERNAL_JWKS_URL))
    : null;

  async function verifyLocal(token: string): Promise<Claims> {
    const { payload } = await jose.jwtVerify(token, localSet, {
      algorithms: [LOCAL_ALG],
      issuer: config.JWT_ISSUER,
      audience: config.JWT_AUDIENCE,
      requiredClaims: ["exp", "sub", "tid", "iat"],
    });
    const { sub, tid, roles, jti, exp } = payload as Record<string, unknown>;
    if (typeof sub !== "string" || typeof tid !== "string" || !isUuid(sub) || !isUuid(tid)) {
      throw new TokenError("token has no valid subject or tenant");
    }
    const list = Array.isArray(roles) ? roles.filter((r) => typeof r === "string") : [];
    return { sub, tid, roles: list, jti: jti as string | undefined, exp: exp as number };
  }

  async function verifyExternal(token: string): Promise<Claims> {
    const { payload } = await jose.jwtVerify(token, externalSet!, {
      algorithms: EXTERNAL_ALGS,
      issuer: config.EXTERNAL_ISSUER,
      audience: config.EXTERNAL_AUDIENCE,
      requiredClaims: ["exp", "sub"],
    });
    const tenant = payload[config.EXTERNAL_TENANT_CLAIM];
    const email = payload[config.EXTERNAL_EMAIL_CLAIM];
    if (typeof tenant !== "string" || !tenant || typeof email !== "string" || !email) {
      throw new TokenError("external token has no tenant or e-mail claim");
    }
    // Mapping by e-mail is only as good as the issuer's word that the address is verified.
    if (config.EXTERNAL_REQUIRE_EMAIL_VERIFIED && payload.email_verified !== true) {
      throw new TokenError("external e-mail is not verified");
    }
    // The issuer's jti (when it sends one) lets sign-out revoke external tokens too.
    const jti = typeof payload.jti === "string" ? `ext:${payload.jti}` : undefined;
    return { sub: "", tid: "", roles: [], jti, exp: payload.exp!, external: { tenant, email } };
  }

  return {
    async issue({ userId, tenantId, roles }) {
      const jti = crypto.randomUUID();
      const now = Math.floor(Date.now() / 1000);
      const token = await new jose.SignJWT({ tid: tenantId, roles })
        .setProtectedHeader({ alg: LOCAL_ALG, kid: keys.publicJwk.kid, typ: "JWT" })
        .setSubject(userId)
        .setIssuer(config.JWT_ISSUER)
        .setAudience(config.JWT_AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + config.JWT_TTL_SECONDS)
        .setJti(jti)
        .sign(keys.privateKey);
      return {
        token,
        jti,
        expiresIn: config.JWT_TTL_SECONDS,
        expiresAt: new Date((now + config.JWT_TTL_SECONDS) * 1000),
      };
    },
    async verify(token) {
      let issuer: unknown;
      try {
        issuer = jose.decodeJwt(token).iss;
      } catch {
        throw new TokenError("malformed token");
      }
      try {
        if (externalSet && issuer === config.EXTERNAL_ISSUER) return await verifyExternal(token);
        return await verifyLocal(token);
      } catch (err) {
        if (err instanceof TokenError) throw err;
        throw new TokenError((err as Error).message);
      }
    },
    async issueFor(audience, { sub, claims, ttlSeconds }) {
      if (audience === config.JWT_AUDIENCE) throw new TokenError("not the staff audience");
      const now = Math.floor(Date.now() / 1000);
      const token = await new jose.SignJWT(claims)
        .setProtectedHeader({ alg: LOCAL_ALG, kid: keys.publicJwk.kid, typ: "JWT" })
        .setSubject(sub)
        .setIssuer(config.JWT_ISSUER)
        .setAudience(audience)
        .setIssuedAt(now)
        .setExpirationTime(now + ttlSeconds)
        .setJti(crypto.randomUUID())
        .sign(keys.privateKey);
      return { token, expiresAt: new Date((now + ttlSeconds) * 1000) };
    },
    async verifyFor(audience, token) {
      try {
        const { payload } = await jose.jwtVerify(token, localSet, {
          algorithms: [LOCAL_ALG],
          issuer: config.JWT_ISSUER,
          audience,
          requiredClaims: ["exp", "sub", "iat"],
        });
        if (typeof payload.sub !== "string") throw new TokenError("token has no subject");
        return payload as jose.JWTPayload & { sub: string };
      } catch (err) {
        if (err instanceof TokenError) throw err;
        throw new TokenError((err as Error).message);
      }
    },
    jwks: () => ({ keys: [keys.publicJwk] }),
  };
}
