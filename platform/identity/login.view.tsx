import { Button, Field, useReader, useT } from "../../ui/kit.ts";
import "./auth.messages.ts";
import "./password-reset.messages.ts";
import { SSO_LOOKUP, SsoOffers, SsoStyles } from "./sso.view.tsx";
import type { SsoOffer } from "./sso.schemas.ts";
import { PasskeySignIn } from "./two-factor.view.tsx";
import { StandaloneFrame } from "./standalone.view.tsx";

export interface LoginProps {
  email?: string;
  tenant?: string;
  next?: string;
  error?: string;
  /** "Sign in with <company>" buttons (by workspace or e-mail domain). */
  sso?: SsoOffer[];
}

/** Sign-in form: a plain POST that works without JavaScript; errors are shown inline. */
export function LoginPage({ email, tenant, next, error, sso }: LoginProps) {
  const t = useT();
  const { locale: l } = useReader();
  return (
    <StandaloneFrame
      title={t("login.title")}
      head={<SsoStyles />}
      after={
        <nav class="login-langs" aria-label={t("login.languages")}>
          <a href="/login?lang=en" lang="en" aria-current={l === "en" ? "true" : undefined}>
            English
          </a>
          <a href="/login?lang=tr" lang="tr" aria-current={l === "tr" ? "true" : undefined}>
            Türkçe
          </a>
        </nav>
      }
    >
      <h1>{t("login.title")}</h1>
      <p class="muted">{t("login.welcome")}</p>
      {error && <p class="alert error" role="alert" id="login-error">{error}</p>}
      <SsoOffers offers={sso ?? []} next={next} />
      <form method="post" action="/login" class="login-form">
        <input type="hidden" name="next" id="login-next" value={next ?? "/"} />
        <Field label={t("login.email")}>
          <input
            id="email"
            name="email"
            type="email"
            autocomplete="username"
            required
            value={email ?? ""}
            aria-describedby={error ? "login-error" : undefined}
            {...SSO_LOOKUP}
          />
        </Field>
        <Field label={t("login.password")}>
          <input
            id="password"
            name="password"
            type="password"
            autocomplete="current-password"
            required
          />
        </Field>
        <a href="/password/forgot" class="small" id="forgot-password">
          {t("reset.forgotLink")}
        </a>
        <Field label={t("login.tenant")}>
          <input
            id="tenant"
            name="tenant"
            type="text"
            value={tenant ?? ""}
            autocomplete="organization"
            {...SSO_LOOKUP}
          />
        </Field>
        <Button type="submit" icon="log-in" class="login-submit">
          {t("login.submit")}
        </Button>
      </form>
      <PasskeySignIn next={next} />
    </StandaloneFrame>
  );
}
