import { type Locale, t } from "../../shared/i18n/i18n.ts";
import { Document } from "../../ui/document.tsx";
import { Button, Field, Icon } from "../../ui/kit.ts";
import "./auth.messages.ts";

export interface LoginProps {
  locale: Locale;
  email?: string;
  tenant?: string;
  next?: string;
  error?: string;
}

/** Sign-in form: a plain POST that works without JavaScript; errors are shown inline. */
export function LoginPage({ locale: l, email, tenant, next, error }: LoginProps) {
  return (
    <Document locale={l} title={`${t(l, "login.title")} · ${t(l, "app.name")}`}>
      <body class="standalone login-page">
        <link rel="stylesheet" href="/assets/identity.css" />
        <main class="login" id="content">
          <p class="login-brand">
            <Icon name="layers" size={28} />
            <span>{t(l, "app.name")}</span>
          </p>
          <div class="card login-card">
            <h1>{t(l, "login.title")}</h1>
            <p class="muted">{t(l, "login.welcome")}</p>
            {error && <p class="alert error" role="alert" id="login-error">{error}</p>}
            <form method="post" action="/login" class="login-form">
              <input type="hidden" name="next" value={next ?? "/"} />
              <Field label={t(l, "login.email")}>
                <input
                  id="email"
                  name="email"
                  type="email"
                  autocomplete="username"
                  required
                  value={email ?? ""}
                  aria-describedby={error ? "login-error" : undefined}
                />
              </Field>
              <Field label={t(l, "login.password")}>
                <input
                  id="password"
                  name="password"
                  type="password"
                  autocomplete="current-password"
                  required
                />
              </Field>
              <Field label={t(l, "login.tenant")}>
                <input
                  id="tenant"
                  name="tenant"
                  type="text"
                  value={tenant ?? ""}
                  autocomplete="organization"
                />
              </Field>
              <Button type="submit" icon="log-in" class="login-submit">
                {t(l, "login.submit")}
              </Button>
            </form>
          </div>
          <nav class="login-langs" aria-label={t(l, "login.languages")}>
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
