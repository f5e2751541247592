/**
 * OpenID providers for the single sign-on tests.
 *
 * `startOidcProvider`: a real, certified provider (oidc-provider) on a local port, with an
 * in-memory adapter, one confidential client, accounts given by the test and a minimal login
 * page of our own (GET shows a form with the account's e-mail, POST signs that account in and
 * grants the scopes asked for).
 *
 * `startFakeProvider`: a hand-made provider whose token endpoint answers with whatever ID token
 * the test asks for (wrong issuer, wrong audience, another key's signature, another nonce), to
 * prove that the app (openid-client) refuses each one.
 */
// deno-lint-ignore-file no-explicit-any
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import Provider from "oidc-provider";
import * as jose from "jose";

export interface OidcAccount {
  email: string;
  name?: string;
  groups?: string[];
  emailVerified?: boolean;
}

export interface OidcFixture {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Accounts by e-mail (the login form's value); add more while running. */
  accounts: Map<string, OidcAccount>;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let data = "";
    req.on("data", (chunk) => (data += chunk));
    req.on("end", () => resolve(data));
    req.on("error", reject);
  });

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port))
  );

export async function startOidcProvider(
  opts: { redirectUris: string[]; clientId?: string; clientSecret?: string },
): Promise<OidcFixture> {
  const clientId = opts.clientId ?? "platform-app";
  const clientSecret = opts.clientSecret ?? "a-client-secret-for-tests-only";
  const accounts = new Map<string, OidcAccount>();
  // Assigned once the port is known (the issuer names it); the handlers read it later.
  // deno-lint-ignore prefer-const
  let provider: any;
  const interaction = async (req: IncomingMessage, res: ServerResponse) => {
    const details = await provider.interactionDetails(req, res);
    if (req.method === "GET") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(`<!doctype html><html lang="en"><head><title>Test provider</title></head><body>
        <main><h1>Test provider sign-in</h1>
        <form method="post" action="/interaction/${details.uid}">
          <label>E-mail <input name="login" id="provider-login" type="email" required></label>
          <button type="submit" id="provider-submit">Sign in</button>
        </form></main></body></html>`);
      return;
    }
    const login = new URLSearchParams(await readBody(req)).get("login") ?? "";
    if (!accounts.has(login)) {
      await provider.interactionFinished(req, res, {
        error: "access_denied",
        error_description: "unknown account",
      }, { mergeWithLastSubmission: false });
      return;
    }
    const grant = new provider.Grant({ accountId: login, clientId: details.params.client_id });
    grant.addOIDCScope(String(details.params.scope ?? "openid"));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, {
      login: { accountId: login },
      consent: { grantId },
    }, { mergeWithLastSubmission: false });
  };
  const server = createServer((req, res) => {
    if (req.url?.startsWith("/interaction/")) {
      interaction(req, res).catch((err) => {
        res.writeHead(500);
        res.end(String(err));
      });
      return;
    }
    provider.callback()(req, res);
  });
  const port = await listen(server);
  const issuer = `http://127.0.0.1:${port}`;
  provider = new (Provider as any)(issuer, {
    clients: [{
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uris: opts.redirectUris,
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_post",
    }],
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", "groups"],
    },
    conformIdTokenClaims: false,
    cookies: { keys: ["oidc-fixture-cookie-key"] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, i: { uid: string }) => `/interaction/${i.uid}` },
    pkce: { required: () => true },
    findAccount: (_ctx: unknown, id: string) => {
      const a = accounts.get(id);
      if (!a) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: a.email,
          email_verified: a.emailVerified ?? true,
          name: a.name ?? a.email.split("@")[0],
          ...(a.groups ? { groups: a.groups } : {}),
        }),
      };
    },
  });
  // Silence the provider's own error events (a refused request is part of the tests).
  provider.on("server_error", () => {});
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // a browser's keep-alive connections would hold it open
      }),
  };
}

/** What the fake provider's next ID token looks like. */
export interface FakeIdToken {
  nonce: string;
  email: string;
  issuer?: string;
  audience?: string;
  /** Sign with a key the provider does not publish. */
  foreignKey?: boolean;
}

export interface FakeProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The ID token the next code exchange returns. */
  next: FakeIdToken | null;
  close(): Promise<void>;
}

export async function startFakeProvider(): Promise<FakeProvider> {
  const { publicKey, privateKey } = await jose.generateKeyPair("RS256", { extractable: true });
  const foreign = await jose.generateKeyPair("RS256");
  const jwk = { ...(await jose.exportJWK(publicKey)), kid: "k1", alg: "RS256", use: "sig" };
  const fake: FakeProvider = {
    issuer: "",
    clientId: "fake-client",
    clientSecret: "fake-secret",
    next: null,
    close: async () => {},
  };
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    const url = new URL(req.url);
    const origin = fake.issuer;
    if (url.pathname === "/.well-known/openid-configuration") {
      return Response.json({
        issuer: origin,
        authorization_endpoint: `${origin}/auth`,
        token_endpoint: `${origin}/token`,
        jwks_uri: `${origin}/jwks`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        code_challenge_methods_supported: ["S256"],
      });
    }
    if (url.pathname === "/jwks") return Response.json({ keys: [jwk] });
    if (url.pathname === "/token" && req.method === "POST") {
      await req.text();
      const n = fake.next;
      if (!n) return Response.json({ error: "invalid_grant" }, { status: 400 });
      const idToken = await new jose.SignJWT({
        nonce: n.nonce,
        email: n.email,
        email_verified: true,
      })
        .setProtectedHeader({ alg: "RS256", kid: "k1" })
        .setIssuer(n.issuer ?? origin)
        .setAudience(n.audience ?? fake.clientId)
        .setSubject(n.email)
        .setIssuedAt()
        .setExpirationTime("5m")
        .sign(n.foreignKey ? foreign.privateKey : privateKey);
      return Response.json({
        access_token: "fake-access-token",
        token_type: "Bearer",
        expires_in: 300,
        id_token: idToken,
      });
    }
    return new Response("not found", { status: 404 });
  });
  fake.issuer = `http://127.0.0.1:${server.addr.port}`;
  fake.close = () => server.shutdown();
  return fake;
}

/** A cookie jar kept by hand (name → value), for following redirects with fetch. */
export class CookieJar {
  readonly values = new Map<string, string>();
  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0/i.test(line)) {
        this.values.delete(name);
      } else this.values.set(name, value);
    }
  }
  header(): string {
    return [...this.values].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}
