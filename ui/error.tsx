import { type Locale, t } from "../shared/i18n/i18n.ts";
import { Document } from "./document.tsx";
import { EmptyState } from "./empty-state.tsx";
import { Button } from "./button.tsx";

const ICONS: Record<number, string> = { 403: "lock", 404: "map-pin-off" };

/**
 * The body of an error page: what happened and the way back. No stack, no SQL; a 500 carries
 * a reference to quote. Signed-in people see it inside the shell (app/app.tsx).
 */
export function ErrorContent(
  { locale: l, status, message }: { locale: Locale; status: number; message: string },
) {
  return (
    <EmptyState
      icon={ICONS[status] ?? "triangle-alert"}
      title={message}
      action={<Button href="/" icon="house" variant="secondary">{t(l, "error.back")}</Button>}
    />
  );
}

/** The error page without the shell, for visitors who are not signed in. */
export function ErrorPage(
  { locale: l, status, message }: { locale: Locale; status: number; message: string },
) {
  return (
    <Document locale={l} title={`${t(l, "error.title")} · ${t(l, "app.name")}`}>
      <body class="standalone">
        <main id="content">
          <h1>{t(l, "error.title")}</h1>
          <ErrorContent locale={l} status={status} message={message} />
        </main>
      </body>
    </Document>
  );
}
