import { type Locale, t } from "../shared/i18n/i18n.ts";
import { Document } from "./document.tsx";

/** Error page for browser routes: no stack, no SQL, a reference to quote. */
export function ErrorPage(
  { locale: l, status, message }: { locale: Locale; status: number; message: string },
) {
  return (
    <Document locale={l} title={`${status} · ${t(l, "app.name")}`}>
      <body>
        <main class="login card" id="content">
          <h1>{t(l, "error.title")}</h1>
          <p>
            <span class="badge">{status}</span> {message}
          </p>
          <p>
            <a href="/">{t(l, "error.back")}</a>
          </p>
        </main>
      </body>
    </Document>
  );
}
