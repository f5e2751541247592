import { type Locale, t } from "../../shared/i18n/i18n.ts";
import { Document } from "../../ui/document.tsx";

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
      <body>
        <main class="login card" id="content">
          <h1>{t(l, "app.name")}</h1>
          <h2>{t(l, "login.title")}</h2>
          {error && <p class="alert error" role="alert" id="login-error">{error}</p>}
          <form method="post" action="/login">
            <input type="hidden" name="next" value={next ?? "/"} />
            <label for="email">{t(l, "login.email")}</label>
            <input
              id="email"
              name="email"
              type="email"
              autocomplete="username"
              required
              value={email ?? ""}
              aria-describedby={error ? "login-error" : undefined}
            />
            <label for="password">{t(l, "login.password")}</label>
            <input
              id="password"
              name="password"
              type="password"
              autocomplete="current-password"
              required
            />
            <label for="tenant">{t(l, "login.tenant")}</label>
            <input
              id="tenant"
              name="tenant"
              type="text"
              value={tenant ?? ""}
              autocomplete="organization"
            />
            <p>
              <button type="submit">{t(l, "login.submit")}</button>
            </p>
          </form>
          <p>
            <a href="/login?lang=en" lang="en">English</a> ·{" "}
            <a href="/login?lang=tr" lang="tr">Türkçe</a>
          </p>
        </main>
      </body>
    </Document>
  );
}
