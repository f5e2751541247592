import type { RouteHandler } from "@hono/zod-openapi";
import type { OpenAPIHono } from "@hono/zod-openapi";
import * as routes from "./two-factor.routes.ts";
import type { AppEnv } from "../../shared/http/env.ts";
import type { C } from "../../shared/http/pages.ts";
import { actorOf } from "../../shared/http/actor.ts";
import { problems } from "../../shared/http/problem.ts";
import { t } from "../../shared/i18n/i18n.ts";
import { clientAddress, setSessionCookie } from "./authentication.middleware.ts";
import { isSameOrigin } from "./csrf.middleware.ts";
import {
  changeTwoFactorPolicy,
  completeSecondFactor,
  confirmTotpEnrolment,
  pendingPasskeyOptions,
  regenerateRecoveryCodes,
  removeTotp,
  securityOf,
  startEnrolmentTotp,
  startTotp,
  twoFactorPolicyOf,
} from "./two-factor.service.ts";
import {
  addPasskey,
  passkeyRegistrationOptions,
  passkeySignIn,
  removePasskey,
  signInOptions,
} from "./passkeys.service.ts";
import { passkeySiteOf } from "./two-factor.lib.ts";
import type { SignedIn } from "./auth.service.ts";

/** The relying party (RP ID, origin) this request's browser sees. */
export const siteOf = (c: C) =>
  passkeySiteOf(c.req.url, {
    host: c.req.header("host"),
    forwardedHost: c.req.header("x-forwarded-host"),
    forwardedProto: c.req.header("x-forwarded-proto"),
  }, c.var.platform.config.TRUST_PROXY);

/** The product's name as authenticator apps and passkey prompts show it. */
const appName = (c: C) => t(c.var.locale ?? "en", "app.name");

/** A sign-in step posted from another site must not plant its session in this browser. */
function sameSite(c: C) {
  if (c.req.header("Origin") && !isSameOrigin(c)) {
    throw problems.forbidden("Cross-site request refused.");
  }
}

function signedInAnswer(c: C, signedIn: SignedIn) {
  setSessionCookie(c, signedIn.accessToken, signedIn.expiresIn);
  const { roles: _roles, ...response } = signedIn;
  return response;
}

const client = (c: C) => ({ address: clientAddress(c), userAgent: c.req.header("user-agent") });

export const secondFactorHandler: RouteHandler<typeof routes.secondFactorRoute, AppEnv> = async (
  c,
) => {
  sameSite(c);
  const { signedIn, recoveryCodes } = await completeSecondFactor(c.var.platform, {
    ...c.req.valid("json"),
    ...client(c),
    site: siteOf(c),
  });
  return c.json(
    { ...signedInAnswer(c, signedIn), ...(recoveryCodes ? { recoveryCodes } : {}) },
    200,
  );
};

export const enrolmentTotpHandler: RouteHandler<typeof routes.enrolmentTotpRoute, AppEnv> = async (
  c,
) =>
  c.json(
    await startEnrolmentTotp(c.var.platform, {
      pendingToken: c.req.valid("json").pendingToken,
      issuer: appName(c),
    }),
    200,
  );

export const pendingPasskeyOptionsHandler: RouteHandler<
  typeof routes.pendingPasskeyOptionsRoute,
  AppEnv
> = async (c) =>
  c.json(
    await pendingPasskeyOptions(c.var.platform, {
      pendingToken: c.req.valid("json").pendingToken,
      site: siteOf(c),
      rpName: appName(c),
    }),
    200,
  );

export const passkeySignInOptionsHandler: RouteHandler<
  typeof routes.passkeySignInOptionsRoute,
  AppEnv
> = async (c) => c.json(await signInOptions({ site: siteOf(c) }), 200);

export const passkeySignInHandler: RouteHandler<typeof routes.passkeySignInRoute, AppEnv> = async (
  c,
) => {
  sameSite(c);
  const { tenant, ...answer } = c.req.valid("json");
  const signedIn = await passkeySignIn(c.var.platform, {
    answer,
    tenant,
    site: siteOf(c),
    ...client(c),
  });
  return c.json(signedInAnswer(c, signedIn), 200);
};

export const twoFactorStatusHandler: RouteHandler<typeof routes.twoFactorStatusRoute, AppEnv> =
  async (
    c,
  ) => c.json(await securityOf(actorOf(c)), 200);

export const startTotpHandler: RouteHandler<typeof routes.startTotpRoute, AppEnv> = async (c) =>
  c.json(await startTotp(actorOf(c), { issuer: appName(c) }), 200);

export const confirmTotpHandler: RouteHandler<typeof routes.confirmTotpRoute, AppEnv> = async (c) =>
  c.json(
    await confirmTotpEnrolment(actorOf(c), {
      code: c.req.valid("json").code,
      address: clientAddress(c),
    }),
    200,
  );

export const removeTotpHandler: RouteHandler<typeof routes.removeTotpRoute, AppEnv> = async (c) => {
  await removeTotp(actorOf(c), { code: c.req.valid("json").code, address: clientAddress(c) });
  return c.body(null, 204);
};

export const regenerateRecoveryHandler: RouteHandler<
  typeof routes.regenerateRecoveryRoute,
  AppEnv
> = async (c) =>
  c.json(await regenerateRecoveryCodes(actorOf(c), { address: clientAddress(c) }), 200);

export const passkeyRegistrationOptionsHandler: RouteHandler<
  typeof routes.passkeyRegistrationOptionsRoute,
  AppEnv
> = async (c) =>
  c.json(
    await passkeyRegistrationOptions(actorOf(c), { site: siteOf(c), rpName: appName(c) }),
    200,
  );

export const addPasskeyHandler: RouteHandler<typeof routes.addPasskeyRoute, AppEnv> = async (c) => {
  const { name, ...answer } = c.req.valid("json");
  const added = await addPasskey(actorOf(c), {
    answer,
    name,
    site: siteOf(c),
    address: clientAddress(c),
  });
  return c.json(added, 201);
};

export const listPasskeysHandler: RouteHandler<typeof routes.listPasskeysRoute, AppEnv> = async (
  c,
) => c.json({ items: (await securityOf(actorOf(c))).passkeys }, 200);

export const removePasskeyHandler: RouteHandler<typeof routes.removePasskeyRoute, AppEnv> = async (
  c,
) => {
  await removePasskey(actorOf(c), { id: c.req.valid("param").id, address: clientAddress(c) });
  return c.body(null, 204);
};

export const getPolicyHandler: RouteHandler<typeof routes.getPolicyRoute, AppEnv> = async (c) =>
  c.json({ policy: await twoFactorPolicyOf(actorOf(c)) }, 200);

export const setPolicyHandler: RouteHandler<typeof routes.setPolicyRoute, AppEnv> = async (c) =>
  c.json({
    policy: await changeTwoFactorPolicy(actorOf(c), {
      policy: c.req.valid("json").policy,
      address: clientAddress(c),
    }),
  }, 200);

/** /api/auth: the second step of a sign-in, passkey sign-in, and the caller's own factors. */
export function mountTwoFactor(api: OpenAPIHono<AppEnv>) {
  api
    .openapi(routes.secondFactorRoute, secondFactorHandler)
    .openapi(routes.enrolmentTotpRoute, enrolmentTotpHandler)
    .openapi(routes.pendingPasskeyOptionsRoute, pendingPasskeyOptionsHandler)
    .openapi(routes.passkeySignInOptionsRoute, passkeySignInOptionsHandler)
    .openapi(routes.passkeySignInRoute, passkeySignInHandler)
    .openapi(routes.twoFactorStatusRoute, twoFactorStatusHandler)
    .openapi(routes.startTotpRoute, startTotpHandler)
    .openapi(routes.confirmTotpRoute, confirmTotpHandler)
    .openapi(routes.removeTotpRoute, removeTotpHandler)
    .openapi(routes.regenerateRecoveryRoute, regenerateRecoveryHandler)
    .openapi(routes.passkeyRegistrationOptionsRoute, passkeyRegistrationOptionsHandler)
    .openapi(routes.addPasskeyRoute, addPasskeyHandler)
    .openapi(routes.listPasskeysRoute, listPasskeysHandler)
    .openapi(routes.removePasskeyRoute, removePasskeyHandler);
}

/** /api/admin: the workspace's two-factor policy. */
export function mountTwoFactorPolicy(api: OpenAPIHono<AppEnv>) {
  api
    .openapi(routes.getPolicyRoute, getPolicyHandler)
    .openapi(routes.setPolicyRoute, setPolicyHandler);
}
