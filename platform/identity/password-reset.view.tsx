import { Button, Field, useT } from "../../ui/kit.ts";
import { LinkFrame, NewPasswordFields } from "./password.view.tsx";
import type { PasswordVerdict } from "./password.rules.ts";
import "./password-reset.messages.ts";

/** "Forgot password?": the address, then the same answer whatever it was. */
export function ForgotPage(
  { email, sent, error }: { email?: string; sent?: boolean; error?: string },
) {
  const t = useT();
  return (
    <LinkFrame title={t("reset.forgot.title")}>
      <h1>{t("reset.forgot.title")}</h1>
      {sent
        ? <p class="alert ok" role="status" id="reset-sent">{t("reset.requested")}</p>
        : <p class="muted">{t("reset.forgot.lead")}</p>}
      {error && <p class="alert error" role="alert" id="reset-error">{error}</p>}
      {!sent && (
        <form method="post" action="/password/forgot" class="login-form">
          <Field label={t("reset.email")}>
            <input
              id="email"
              name="email"
              type="email"
              autocomplete="username"
              required
              maxLength={254}
              value={email ?? ""}
            />
          </Field>
          <Button type="submit" icon="send" class="login-submit">{t("reset.send")}</Button>
        </form>
      )}
      <p class="link-actions">
        <a href="/login">{t("reset.backToLogin")}</a>
      </p>
    </LinkFrame>
  );
}

/** The reset link's page: a new password (with the policy meter) for the account. */
export function ResetPage(
  { token, email, error, verdict }: {
    token: string;
    email: string;
    error?: string;
    verdict?: PasswordVerdict;
  },
) {
  const t = useT();
  return (
    <LinkFrame title={t("reset.title")}>
      <h1>{t("reset.title")}</h1>
      <p class="muted">{t("reset.lead", { email })}</p>
      {error && <p class="alert error" role="alert" id="reset-error">{error}</p>}
      <form method="post" action={`/password/reset/${token}`} class="login-form">
        <input type="hidden" name="email" value={email} />
        <input
          type="text"
          name="username"
          value={email}
          autocomplete="username"
          hidden
          readOnly
        />
        <NewPasswordFields
          label={t("reset.newPassword")}
          confirmLabel={t("reset.confirm")}
          verdict={verdict}
        />
        <Button type="submit" icon="key-round" class="login-submit">{t("reset.save")}</Button>
      </form>
    </LinkFrame>
  );
}

export function ResetDonePage() {
  const t = useT();
  return (
    <LinkFrame title={t("reset.done.title")}>
      <h1>{t("reset.done.title")}</h1>
      <p class="alert ok" role="status" id="reset-done">{t("reset.done")}</p>
      <p class="link-actions">
        <Button href="/login" icon="log-in">{t("reset.backToLogin")}</Button>
      </p>
    </LinkFrame>
  );
}

/** A used, expired or unknown reset link: nothing changes, a new one can be asked for. */
export function ResetDeadPage() {
  const t = useT();
  return (
    <LinkFrame title={t("reset.dead.title")}>
      <h1>{t("reset.dead.title")}</h1>
      <p class="alert error" role="alert" id="reset-dead">{t("reset.dead")}</p>
      <p class="link-actions">
        <Button href="/password/forgot" icon="rotate-cw">{t("reset.again")}</Button>
        <Button href="/login" variant="secondary" icon="log-in">{t("reset.backToLogin")}</Button>
      </p>
    </LinkFrame>
  );
}
