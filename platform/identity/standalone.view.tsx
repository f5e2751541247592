import type { ComponentChildren } from "preact";
import { Document } from "../../ui/document.tsx";
import { Icon, useReader, useT } from "../../ui/kit.ts";
import { IdentityStyles } from "./styles.view.tsx";

/**
 * The standalone frame of the pages outside the shell (sign-in, its steps, single sign-on, the
 * link pages): the product's name above one card in the middle of the page.
 */
export function StandaloneFrame(
  { title, bodyClass, head, refresh, after, children }: {
    /** The page's title (the product's name is added). */
    title: string;
    /** Classes for the body besides "standalone login-page". */
    bodyClass?: string;
    /** Stylesheets and scripts of the page, after the identity styles. */
    head?: ComponentChildren;
    /** Go on to this address at once (a refresh, before anything else). */
    refresh?: string;
    /** Below the card (the sign-in page's languages). */
    after?: ComponentChildren;
    children: ComponentChildren;
  },
) {
  const t = useT();
  const { locale: l } = useReader();
  return (
    <Document locale={l} title={`${title} · ${t("app.name")}`}>
      <body class={bodyClass ? `standalone login-page ${bodyClass}` : "standalone login-page"}>
        {refresh && <meta http-equiv="refresh" content={`0;url=${refresh}`} />}
        <IdentityStyles />
        {head}
        <main class="login" id="content">
          <p class="login-brand">
            <Icon name="layers" size={28} />
            <span>{t("app.name")}</span>
          </p>
          <div class="card login-card">{children}</div>
          {after}
        </main>
      </body>
    </Document>
  );
}
