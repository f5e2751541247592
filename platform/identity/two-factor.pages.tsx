import { Hono } from "hono";
import type { AppEnv } from "../../shared/http/env.ts";
import { actorOf } from "../../shared/http/actor.ts";
import { type C, field, readForm, redirectAfterPost } from "../../shared/http/pages.ts";
import type { Flash } from "../../shared/http/form.ts";
import { Problem } from "../../shared/http/problem.ts";
import { sameOriginPath } from "../../shared/http/redirect.ts";
import { requirePermission } from "../../shared/rbac/permissions.ts";
import { t } from "../../shared/i18n/i18n.ts";
import { html, page } from "../../ui/kit.ts";
import { clientAddress, setSessionCookie } from "./authentication.middleware.ts";
import { isSameOrigin } from "./csrf.middleware.ts";
import {
  changeTwoFactorPolicy,
  completeSecondFactor,
  confirmTotpEnrolment,
  pendingStep,
  regenerateRecoveryCodes,
  removeTotp,
  securityOf,
  startEnrolmentTotp,
  startTotp,
} from "./two-factor.service.ts";
import { removePasskey } from "./passkeys.service.ts";
import { TWO_FACTOR_POLICIES, type TwoFactorPolicy } from "./two-factor.lib.ts";
import { TENANT_WRITE } from "./tenants.schemas.ts";
import {
  EnrolStep,
  RecoveryCodesStep,
  SecondFactorStep,
  SecurityPage,
  type SecurityState,
} from "./two-factor.view.tsx";
import { LoginPage } from "./login.view.tsx";
import { IdentityStyles } from "./styles.view.tsx";
import "./two-factor.messages.ts";

const appName = (c: C) => t(c.var.locale, "app.name");

/**
 * The sign-in page's answer to a right password while a second factor is due (called from the
 * POST /login page route with the 401 problem): the code step, or enrolment.
 */
export async function secondFactorPage(c: C, problem: Problem, next: string) {
  const pending = problem.extensions?.secondFactor as {
    pendingToken: string;
    methods: string[];
    enrolmentRequired: boolean;
  };
  if (pending.enrolmentRequired) {
    const setup = await startEnrolmentTotp(c.var.platform, {
      pendingToken: pending.pendingToken,
      issuer: appName(c),
    });
    return html(c, <EnrolStep pendingToken={pending.pendingToken} next={next} setup={setup} />);
  }
  return html(
    c,
    <SecondFactorStep pendingToken={pending.pendingToken} next={next} methods={pending.methods} />,
  );
}

/** The step again with an error (a wrong code), or the sign-in page when it has expired. */
async function stepAgain(
  c: C,
  pendingToken: string,
  next: string,
  error: string,
  status: 401 | 429,
) {
  try {
    const step = await pendingStep(c.var.platform, { pendingToken, issuer: appName(c) });
    const view = step.setup
      ? <EnrolStep pendingToken={pendingToken} next={next} setup={step.setup} error={error} />
      : (
        <SecondFactorStep
          pendingToken={pendingToken}
          next={next}
          methods={step.methods}
          error={error}
        />
      );
    return html(c, view, status);
  } catch (err) {
    if (!(err instanceof Problem)) throw err;
    return html(c, <LoginPage next={next} error={t(c.var.locale, "twoFactor.expired")} />, 401);
  }
}

/** Pages before a session: the second step of a sign-in. */
export const twoFactorPublicPages = new Hono<AppEnv>()
  .post("/login/second-factor", async (c) => {
    const l = c.var.locale;
    const form = await readForm(c);
    const pendingToken = field(form, "pendingToken");
    const next = sameOriginPath(field(form, "next"));
    if (!isSameOrigin(c) || !pendingToken || pendingToken.length > 4000) {
      return html(c, <LoginPage next={next} error={t(l, "twoFactor.expired")} />, 401);
    }
    const code = field(form, "code");
    const recoveryCode = field(form, "recoveryCode");
    try {
      const { signedIn, recoveryCodes } = await completeSecondFactor(c.var.platform, {
        pendingToken,
        ...(recoveryCode
          ? { recoveryCode: recoveryCode.slice(0, 40) }
          : { code: code.slice(0, 20) }),
        address: clientAddress(c),
        userAgent: c.req.header("user-agent"),
      });
      setSessionCookie(c, signedIn.accessToken, signedIn.expiresIn);
      if (recoveryCodes) return html(c, <RecoveryCodesStep codes={recoveryCodes} next={next} />);
      return c.redirect(next, 303);
    } catch (err) {
      if (!(err instanceof Problem)) throw err;
      if (err.status === 429) {
        c.header("Retry-After", err.headers["Retry-After"]);
        const seconds = err.headers["Retry-After"];
        return await stepAgain(c, pendingToken, next, t(l, "login.throttled", { seconds }), 429);
      }
      if (err.slug === "wrong-second-factor") {
        return await stepAgain(c, pendingToken, next, t(l, "twoFactor.wrongAnswer"), 401);
      }
      if (err.slug === "tenant-suspended") {
        return html(c, <LoginPage next={next} error={t(l, "login.suspended")} />, 403);
      }
      return html(c, <LoginPage next={next} error={t(l, "twoFactor.expired")} />, 401);
    }
  });

type Status = 200 | 404 | 409 | 422;

async function securityPage(c: C, state: Omit<SecurityState, "status">, status: Status = 200) {
  const l = c.var.locale;
  const current = await securityOf(actorOf(c));
  return await page(
    c,
    t(l, "twoFactor.title"),
    <>
      <IdentityStyles />
      <SecurityPage status={current} {...state} />
    </>,
    {
      status,
      crumbs: [{ label: t(l, "profile.title"), href: "/profile" }],
      description: t(l, "twoFactor.description"),
    },
  );
}

/** A service refusal as the card's message (the problem's own detail stays for the API). */
function refusal(c: C, err: unknown, key: "twoFactor.wrongCode" | "twoFactor.policyKeeps") {
  if (!(err instanceof Problem) || ![404, 409, 422].includes(err.status)) throw err;
  const text = err.slug === "wrong-code" ? t(c.var.locale, "twoFactor.wrongCode") : t(
    c.var.locale,
    err.status === 422 ? key : "twoFactor.wrongCode",
  );
  return { flash: { kind: "error", text } as Flash, status: err.status as Status };
}

/** /profile/security: the signed-in account's authenticator app, recovery codes and passkeys. */
export const twoFactorSessionPages = new Hono<AppEnv>()
  .get("/profile/security", (c) => {
    const l = c.var.locale;
    const added = c.req.query("added") === "1";
    return securityPage(c, {
      passkeyFlash: added ? { kind: "ok", text: t(l, "twoFactor.passkeyAddedFlash") } : undefined,
    });
  })
  .post("/profile/security/totp", async (c) => {
    const setup = await startTotp(actorOf(c), { issuer: appName(c) });
    return await securityPage(c, { setup });
  })
  .post("/profile/security/totp/confirm", async (c) => {
    const l = c.var.locale;
    const code = field(await readForm(c), "code").slice(0, 20);
    try {
      const { recoveryCodes } = await confirmTotpEnrolment(actorOf(c), {
        code,
        address: clientAddress(c),
      });
      return await securityPage(c, {
        recoveryCodes,
        totpFlash: { kind: "ok", text: t(l, "twoFactor.enabled") },
      });
    } catch (err) {
      const { flash, status } = refusal(c, err, "twoFactor.wrongCode");
      const setup = await startTotp(actorOf(c), { issuer: appName(c), reuse: true }).catch(
        () => undefined,
      );
      return await securityPage(c, { setup, totpFlash: flash }, status);
    }
  })
  .post("/profile/security/totp/remove", async (c) => {
    const l = c.var.locale;
    const code = field(await readForm(c), "removeCode").slice(0, 20);
    try {
      await removeTotp(actorOf(c), { code, address: clientAddress(c) });
      return await securityPage(c, { totpFlash: { kind: "ok", text: t(l, "twoFactor.removed") } });
    } catch (err) {
      const { flash, status } = refusal(c, err, "twoFactor.policyKeeps");
      return await securityPage(c, { totpFlash: flash }, status);
    }
  })
  .post("/profile/security/recovery-codes", async (c) => {
    try {
      const { recoveryCodes } = await regenerateRecoveryCodes(actorOf(c), {
        address: clientAddress(c),
      });
      return await securityPage(c, { recoveryCodes });
    } catch (err) {
      if (!(err instanceof Problem) || err.status !== 422) throw err;
      const text = t(c.var.locale, "twoFactor.recoveryNeedsFactor");
      return await securityPage(c, { recoveryFlash: { kind: "error", text } }, 422);
    }
  })
  .post("/profile/security/passkeys/:id{[0-9a-f-]{36}}/remove", async (c) => {
    const l = c.var.locale;
    try {
      await removePasskey(actorOf(c), { id: c.req.param("id"), address: clientAddress(c) });
      return await securityPage(c, {
        passkeyFlash: { kind: "ok", text: t(l, "twoFactor.passkeyRemoved") },
      });
    } catch (err) {
      const { flash, status } = refusal(c, err, "twoFactor.policyKeeps");
      return await securityPage(c, { passkeyFlash: flash }, status);
    }
  });

/** /admin/tenant/two-factor: the workspace's policy (the form is on the settings page). */
export const twoFactorAdminPages = new Hono<AppEnv>()
  .post("/tenant/two-factor", requirePermission(TENANT_WRITE), async (c) => {
    const policy = field(await readForm(c), "policy");
    if ((TWO_FACTOR_POLICIES as readonly string[]).includes(policy)) {
      await changeTwoFactorPolicy(actorOf(c), {
        policy: policy as TwoFactorPolicy,
        address: clientAddress(c),
      });
    }
    return redirectAfterPost(c, "/admin/tenant?saved=1#two-factor-policy");
  });
