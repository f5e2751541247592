import type { ComponentChildren } from "preact";
import type { Locale } from "../shared/i18n/i18n.ts";

export type Theme = "system" | "light" | "dark";

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

/**
 * The bare HTML document: head with our own assets only, and the htmx configuration.
 * `theme` other than system pins light or dark; `accent` (tenant colour, #rrggbb) is applied
 * by app.js because our CSP allows no inline styles.
 */
export function Document(
  { locale, title, children, theme = "system", accent, head }: {
    locale: Locale;
    title: string;
    children: ComponentChildren;
    theme?: Theme;
    accent?: string;
    /** More of the head: meta description, canonical link, a page's own stylesheet. */
    head?: ComponentChildren;
  },
) {
  return (
    <html
      lang={locale}
      data-theme={theme === "system" ? undefined : theme}
      data-accent={accent && /^#[0-9a-fA-F]{6}$/.test(accent) ? accent : undefined}
    >
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="htmx-config" content={JSON.stringify(HTMX_CONFIG)} />
        <title>{title}</title>
        <link rel="icon" href="/assets/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href="/assets/app.css" />
        <script src="/assets/htmx.min.js" defer></script>
        <script src="/assets/app.js" defer></script>
        <script src="/assets/charts.js" defer></script>
        {head}
      </head>
      {children}
    </html>
  );
}
