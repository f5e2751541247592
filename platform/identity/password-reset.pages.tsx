import { Hono } from "hono";
import type { AppEnv } from "../../shared/http/env.ts";
import { Problem } from "../../shared/http/problem.ts";
import type { C } from "../../shared/http/pages.ts";
import { t } from "../../shared/i18n/i18n.ts";
import { html } from "../../ui/kit.ts";
import {
  completePasswordReset,
  openResetLink,
  requestPasswordReset,
} from "./password-reset.service.ts";
import { PasswordResetRequestBody } from "./password-reset.schemas.ts";
import { clientAddress } from "./authentication.middleware.ts";
import { isSameOrigin } from "./csrf.middleware.ts";
import { requireMailOrigin } from "./links.lib.ts";
import { checkPassword, isPolicyRefusal } from "./password.rules.ts";
import { ForgotPage, ResetDeadPage, ResetDonePage, ResetPage } from "./password-reset.view.tsx";
import { PasswordMeter } from "./password.view.tsx";
import "./password-reset.messages.ts";

/** A form's text fields as typed: passwords are never trimmed. */
async function rawForm(c: C): Promise<Record<string, string>> {
  const body = await c.req.parseBody().catch(() => ({} as Record<string, unknown>));
  return Object.fromEntries(
    Object.entries(body).filter((e): e is [string, string] => typeof e[1] === "string"),
  );
}

const TOKEN_PARAM = ":token{[A-Za-z0-9_-]{43}}";

/** The policy's refusal in the reader's words. */
async function refusalText(c: C, password: string, context: { email?: string; name?: string }) {
  const l = c.var.locale;
  const reasons = (await checkPassword(password, context)).issues
    .map((i) => t(l, `password.issue.${i}`));
  return t(l, "password.rejected", { reasons: reasons.join(" ") });
}

/**
 * "Forgot password?", the reset link's page, and the policy meter every new-password field
 * asks while the person types. All reachable without a session.
 */
export const passwordResetPages = new Hono<AppEnv>()
  .get("/password/forgot", (c) => html(c, <ForgotPage />))
  .post("/password/forgot", async (c) => {
    const l = c.var.locale;
    const form = await rawForm(c);
    const email = (form.email ?? "").trim();
    if (!isSameOrigin(c)) {
      return html(c, <ForgotPage email={email} error={t(l, "error.forbidden")} />, 403);
    }
    if (!PasswordResetRequestBody.safeParse({ email }).success) {
      return html(c, <ForgotPage email={email} error={t(l, "reset.invalidEmail")} />, 400);
    }
    try {
      await requestPasswordReset(c.var.platform, {
        email,
        address: clientAddress(c),
        origin: requireMailOrigin(c.req.url, (h) => c.req.header(h), c.var.platform.config),
        locale: l,
      });
    } catch (err) {
      if (err instanceof Problem && err.slug === "public-url-missing") {
        return html(c, <ForgotPage email={email} error={t(l, "reset.noPublicUrl")} />, 503);
      }
      if (err instanceof Problem && err.status === 429) {
        const seconds = err.headers["Retry-After"];
        c.header("Retry-After", seconds);
        return html(
          c,
          <ForgotPage email={email} error={t(l, "reset.throttled", { seconds })} />,
          429,
        );
      }
      throw err;
    }
    // The same page whether or not an account uses the address.
    return html(c, <ForgotPage sent />, 202);
  })
  .get(`/password/reset/${TOKEN_PARAM}`, async (c) => {
    const token = c.req.param("token");
    const account = await openResetLink(c.var.platform, token);
    if (!account) return html(c, <ResetDeadPage />, 410);
    return html(c, <ResetPage token={token} email={account.email} />);
  })
  .get("/password/reset/:bad", (c) => html(c, <ResetDeadPage />, 404))
  .post(`/password/reset/${TOKEN_PARAM}`, async (c) => {
    const l = c.var.locale;
    const token = c.req.param("token");
    const form = await rawForm(c);
    const password = form.password ?? "";
    const account = await openResetLink(c.var.platform, token);
    if (!account) return html(c, <ResetDeadPage />, 410);
    const again = async (error: string, status: 400 | 403) =>
      html(
        c,
        <ResetPage
          token={token}
          email={account.email}
          error={error}
          verdict={await checkPassword(password, account)}
        />,
        status,
      );
    if (!isSameOrigin(c)) return again(t(l, "error.forbidden"), 403);
    if (password !== form.confirm) return again(t(l, "reset.mismatch"), 400);
    try {
      await completePasswordReset(c.var.platform, { token, password, address: clientAddress(c) });
    } catch (err) {
      if (isPolicyRefusal(err)) return again(await refusalText(c, password, account), 400);
      if (err instanceof Problem && err.status === 404) return html(c, <ResetDeadPage />, 410);
      throw err;
    }
    return html(c, <ResetDonePage />);
  })
  // The meter: a verdict for what is typed so far (nothing is stored or logged).
  .post("/password/strength", async (c) => {
    const form = await rawForm(c);
    const password = (form.password ?? form.newPassword ?? "").slice(0, 1024);
    const verdict = await checkPassword(password, { email: form.email, name: form.name });
    c.header("Cache-Control", "no-store");
    return html(c, <PasswordMeter verdict={verdict} length={[...password].length} />);
  });
