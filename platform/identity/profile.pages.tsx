import { Hono } from "hono";
import { setCookie } from "hono/cookie";
import type { AppEnv } from "../../shared/http/env.ts";
import { actorOf } from "../../shared/http/actor.ts";
import { type C, field, isHtmx, readForm } from "../../shared/http/pages.ts";
import type { Flash } from "../../shared/http/form.ts";
import { Problem, problems } from "../../shared/http/problem.ts";
import { isLocale, t } from "../../shared/i18n/i18n.ts";
import { html, page } from "../../ui/kit.ts";
import { changePassword, changeProfile, profileOf } from "./profile.service.ts";
import { NewPassword } from "./profile.schemas.ts";
import { clientAddress } from "./authentication.middleware.ts";
import { DetailsCard, PasswordCard, ProfilePage } from "./profile.view.tsx";
import { IdentityStyles } from "./styles.view.tsx";
import "./profile.messages.ts";
import "./password-reset.messages.ts";
import { checkPassword, isPolicyRefusal } from "./password.rules.ts";

type Status = 200 | 400 | 422 | 429;

/** A form's text fields as typed: passwords are never trimmed. */
async function rawForm(c: C): Promise<Record<string, string>> {
  let body: Record<string, unknown>;
  try {
    body = await c.req.parseBody();
  } catch {
    throw problems.badRequest("The form could not be read.");
  }
  return Object.fromEntries(
    Object.entries(body).filter((e): e is [string, string] => typeof e[1] === "string"),
  );
}

async function full(c: C, flashes: { details?: Flash; password?: Flash }, status: Status = 200) {
  const l = c.var.locale;
  const profile = await profileOf(actorOf(c));
  return await page(
    c,
    t(l, "profile.title"),
    <>
      <IdentityStyles />
      <ProfilePage profile={profile} {...flashes} />
    </>,
    {
      status,
    },
  );
}

/** The outcome of a password change in the reader's words. */
function passwordOutcome(c: C, err: unknown): { flash: Flash; status: Status } {
  const l = c.var.locale;
  if (!(err instanceof Problem)) throw err;
  if (err.status === 429) {
    c.header("Retry-After", err.headers["Retry-After"]);
    const seconds = err.headers["Retry-After"];
    return { flash: { kind: "error", text: t(l, "profile.throttled", { seconds }) }, status: 429 };
  }
  if (isPolicyRefusal(err)) {
    const text = t(l, "password.rejected", { reasons: "" });
    return { flash: { kind: "error", text }, status: 400 };
  }
  if (err.slug === "wrong-password") {
    return { flash: { kind: "error", text: t(l, "profile.passwordWrong") }, status: 422 };
  }
  throw err;
}

/** /profile: the signed-in user's name, language and password. */
export const profilePages = new Hono<AppEnv>()
  .get("/", (c) => full(c, {}))
  .post("/", async (c) => {
    const l = c.var.locale;
    const form = await readForm(c);
    const name = field(form, "name");
    const locale = field(form, "locale");
    let flash: Flash;
    let status: Status = 200;
    if (!name || name.length > 200 || (locale && !isLocale(locale))) {
      flash = { kind: "error", text: t(l, "form.checkFields", { fields: t(l, "profile.name") }) };
      status = 400;
    } else {
      await changeProfile(actorOf(c), { name, locale: locale || null });
      // The page answers in the chosen language right away, and the cookie follows it.
      if (locale) {
        c.set("locale", locale);
        setCookie(c, "lang", locale, { path: "/", sameSite: "Lax", maxAge: 365 * 86400 });
      }
      flash = { kind: "ok", text: t(c.var.locale, "profile.saved") };
    }
    if (!isHtmx(c)) return await full(c, { details: flash }, status);
    if (flash.kind === "ok") {
      // The top bar shows the name and the whole page the language: reload it.
      c.header("HX-Refresh", "true");
    }
    const profile = await profileOf(actorOf(c));
    return html(c, <DetailsCard profile={profile} flash={flash} />, status);
  })
  // No request-wide transaction here (app/app.tsx): pages are drawn in a short one.
  .post("/password", async (c) => {
    const l = c.var.locale;
    const form = await rawForm(c);
    const current = form.currentPassword ?? "";
    const next = form.newPassword ?? "";
    let result: { flash: Flash; status: Status };
    // The password policy (password.rules.ts), said in the reader's words when it refuses.
    const policy = await checkPassword(next, c.var.session);
    if (!current || !NewPassword.safeParse(next).success) {
      result = { flash: { kind: "error", text: t(l, "profile.passwordShort") }, status: 400 };
    } else if (next !== form.confirmPassword) {
      result = { flash: { kind: "error", text: t(l, "profile.passwordMismatch") }, status: 400 };
    } else if (!policy.ok) {
      const reasons = policy.issues.map((i) => t(l, `password.issue.${i}`)).join(" ");
      result = {
        flash: { kind: "error", text: t(l, "password.rejected", { reasons }) },
        status: 400,
      };
    } else {
      try {
        await changePassword(c.var.scope, c.var.session, clientAddress(c), {
          currentPassword: current,
          newPassword: next,
        });
        result = { flash: { kind: "ok", text: t(l, "profile.passwordSaved") }, status: 200 };
      } catch (err) {
        result = passwordOutcome(c, err);
      }
    }
    if (isHtmx(c)) return html(c, <PasswordCard flash={result.flash} />, result.status);
    return await c.var.scope(async (tx) => {
      c.set("sql", tx);
      return await full(c, { password: result.flash }, result.status);
    });
  });
