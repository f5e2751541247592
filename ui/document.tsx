import type { ComponentChildren } from "preact";
import type { Locale } from "../shared/i18n/i18n.ts";

// Our own scripts only (CSP), and 4xx answers are swapped so forms can show their errors inline.
const HTMX_CONFIG = {
  includeIndicatorStyles: false,
  allowEval: false,
  allowScriptTags: false,
  responseHandling: [
    { code: "204", swap: false },
    { code: "[23]..", swap: true },
    { code: "4..", swap: true, error: true },
    { code: "...", swap: false, error: true },
  ],
};

/** The bare HTML document: head with our own assets only, and the htmx configuration. */
export function Document(
  { locale, title, children }: { locale: Locale; title: string; children: ComponentChildren },
) {
  return (
    <html lang={locale}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta
          name="htmx-config"
          content={JSON.stringify(HTMX_CONFIG)}
        />
        <title>{title}</title>
        <link rel="icon" href="/assets/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href="/assets/app.css" />
        <script src="/assets/htmx.min.js" defer></script>
        <script src="/assets/htmx-sse.js" defer></script>
        <script src="/assets/app.js" defer></script>
        <script src="/assets/charts.js" defer></script>
      </head>
      {children}
    </html>
  );
}
