import type { ComponentChildren } from "preact";
import { Document } from "../../../ui/document.tsx";
import { Button, Card, EmptyState, Icon, useT } from "../../../ui/kit.ts";
import type { PortalCustomer, PortalTenant } from "./portal.rules.ts";
import { portalPath } from "./portal.rules.ts";
import "./portal.messages.ts";

/** The tenant's mark: its logo, else its initial on the accent colour. */
function Brand({ tenant }: { tenant: PortalTenant }) {
  return (
    <a class="portal-brand" href={portalPath(tenant.slug)}>
      {tenant.logo
        ? <img src={tenant.logo} alt="" height={32} class="portal-logo" />
        : <span class="portal-initial" aria-hidden="true">{tenant.name.slice(0, 1)}</span>}
      <span class="portal-name">{tenant.name}</span>
    </a>
  );
}

/** en / tr links that keep the reader on the same page. */
function Languages({ locale }: { locale: "en" | "tr" }) {
  const t = useT();
  return (
    <nav class="portal-langs" aria-label={t("portal.languages")}>
      <a href="?lang=en" lang="en" aria-current={locale === "en" ? "true" : undefined}>
        English
      </a>
      <a href="?lang=tr" lang="tr" aria-current={locale === "tr" ? "true" : undefined}>
        Türkçe
      </a>
    </nav>
  );
}

/** Sign-out is a form post (a link could be triggered by another site). */
export function SignOutForm({ slug }: { slug: string }) {
  const t = useT();
  return (
    <form method="post" action={portalPath(slug, "/sign-out")} class="portal-signout">
      <Button type="submit" variant="ghost" small icon="log-out">{t("portal.signOut")}</Button>
    </form>
  );
}

/**
 * The customer portal's and help centre's own light layout: the tenant's logo, name and accent
 * colour, the customer (or a sign-in link), the language switch, then the page.
 */
export function PortalLayout(
  { tenant, customer, locale, title, description, canonical, children }: {
    tenant: PortalTenant;
    customer: PortalCustomer | null;
    locale: "en" | "tr";
    title: string;
    description?: string;
    canonical?: string;
    children: ComponentChildren;
  },
) {
  const t = useT();
  return (
    <Document
      locale={locale}
      title={`${title} · ${tenant.name}`}
      accent={tenant.accentColor ?? undefined}
      head={
        <>
          {description && <meta name="description" content={description} />}
          {canonical && <link rel="canonical" href={canonical} />}
          <link rel="stylesheet" href="/assets/support-portal.css" />
        </>
      }
    >
      <body class="portal">
        <a class="skip-link" href="#content">{t("portal.skip")}</a>
        <header class="portal-header">
          <div class="portal-bar">
            <Brand tenant={tenant} />
            <div class="portal-tools">
              <Languages locale={locale} />
              {customer
                ? (
                  <>
                    <span class="portal-who" title={customer.email}>
                      <Icon name="user" size={16} />
                      <span>{customer.name}</span>
                    </span>
                    <SignOutForm slug={tenant.slug} />
                  </>
                )
                : (
                  <Button href={portalPath(tenant.slug, "/sign-in")} small variant="secondary">
                    {t("portal.signIn")}
                  </Button>
                )}
            </div>
          </div>
          <nav class="portal-nav" aria-label={t("portal.title")}>
            <a href={portalPath(tenant.slug)}>{t("portal.home")}</a>
            {customer && <a href={portalPath(tenant.slug, "/tickets")}>{t("portal.myTickets")}</a>}
            <a href={`/help/${encodeURIComponent(tenant.slug)}`}>{t("portal.helpCentre")}</a>
          </nav>
        </header>
        <main class="portal-main" id="content">{children}</main>
      </body>
    </Document>
  );
}

/** A page of the portal that says why nothing is shown (404 and the like), without a tenant. */
export function PortalMissing(
  { locale, title, body }: { locale: "en" | "tr"; title: string; body: string },
) {
  return (
    <Document
      locale={locale}
      title={title}
      head={<link rel="stylesheet" href="/assets/support-portal.css" />}
    >
      <body class="portal">
        <main class="portal-main" id="content">
          <Card>
            <EmptyState icon="circle-alert" title={title}>{body}</EmptyState>
          </Card>
        </main>
      </body>
    </Document>
  );
}

/** A refusal inside a tenant's portal (expired link, unknown customer, another's ticket). */
export function PortalNotice(
  { title, body, action }: { title: string; body: string; action?: ComponentChildren },
) {
  return (
    <Card class="portal-narrow">
      <EmptyState icon="circle-alert" title={title} action={action}>{body}</EmptyState>
    </Card>
  );
}
