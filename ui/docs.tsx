import { type Locale, t } from "../shared/i18n/i18n.ts";
import { Icon } from "./icon.tsx";

/**
 * The interactive API reference: Swagger UI served from the app's own assets, under a top bar
 * (in the reader's language) that leads back to the app, in a <main> landmark whose Swagger
 * content is English. assets/docs.css restyles what axe-core finds too faint; assets/docs.js
 * starts Swagger UI (the CSP forbids inline scripts).
 */
export function DocsPage({ locale: l }: { locale: Locale }) {
  const title = t(l, "nav.apiDocs");
  return (
    <html lang={l}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>{`${title} · ${t(l, "app.name")}`}</title>
        <link rel="icon" href="/assets/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href="/assets/swagger-ui.css" />
        <link rel="stylesheet" href="/assets/docs.css" />
      </head>
      <body>
        <header class="docs-bar">
          <a class="docs-back" href="/">
            <Icon name="arrow-left" />
            <span class="docs-brand">
              <Icon name="layers" />
              {t(l, "app.name")}
            </span>
          </a>
          <h1 class="docs-title">{title}</h1>
          <a class="docs-json" href="/openapi.json" lang="en">OpenAPI 3.1</a>
        </header>
        <main id="swagger-ui" class="docs-main" lang="en" aria-label={title}></main>
        <script src="/assets/swagger-ui-bundle.js"></script>
        <script src="/assets/docs.js"></script>
      </body>
    </html>
  );
}
