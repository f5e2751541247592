import { Document } from "../../ui/document.tsx";
import { Button, Field, Icon, useReader, useT } from "../../ui/kit.ts";
import "./auth.messages.ts";
import "./password-reset.messages.ts";
import { SSO_LOOKUP, SsoOffers, SsoStyles } from "./sso.view.tsx";
import type { SsoOffer } from "./sso.schemas.ts";
import { PasskeySignIn } from "./two-factor.view.tsx";

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
    <Document locale={l} title={`${t("login.title")} · ${t("app.name")}`}>
      <body class="standalone login-page">
        <link rel="stylesheet" href="/assets/identity.css" />
        <SsoStyles />
        <main class="login" id="content">
          <p class="login-brand">
            <Icon name="layers" size={28} />
            <span>{t("app.name")}</span>
          </p>
          <div class="card login-card">
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
          </div>
          <nav class="login-langs" aria-label={t("login.languages")}>
            <a href="/login?lang=en" lang="en" aria-current={l === "en" ? "true" : undefined}>
              English
            </a>
            <a href="/login?lang=tr" lang="tr" aria-current={l === "tr" ? "true" : undefined}>
              Türkçe
            </a>
          </nav>
        </main>
      </body>
    </Document>
  );
}
