import { Button, Card, Field, Icon, useT } from "../../../ui/kit.ts";
import { portalPath } from "./portal.rules.ts";
import "./portal.messages.ts";

/** The sign-in card: e-mail for a magic link, and the tenant's SSO when it has one. */
export function SignInCard(
  { slug, workspace, email, next, error, notice, sso }: {
    slug: string;
    workspace: string;
    email?: string;
    next?: string;
    error?: string;
    /** Said after a link was asked for (the same whether or not the address is known). */
    notice?: string;
    /** The provider's name when the tenant signs in with OpenID Connect. */
    sso?: string | null;
  },
) {
  const t = useT();
  return (
    <Card class="portal-narrow" id="portal-sign-in">
      <h1 class="portal-title">{t("portal.signIn.title", { workspace })}</h1>
      {notice
        ? (
          <p class="alert success" role="status" id="portal-sign-in-sent">
            <Icon name="mail-check" size={16} /> {notice}
          </p>
        )
        : <p class="muted">{t("portal.signIn.intro")}</p>}
      {error && <p class="alert error" role="alert" id="portal-sign-in-error">{error}</p>}
      <form method="post" action={portalPath(slug, "/sign-in")} class="portal-form">
        {next && <input type="hidden" name="next" value={next} />}
        <Field label={t("portal.signIn.email")}>
          <input
            id="portal-email"
            name="email"
            type="email"
            autocomplete="email"
            required
            maxLength={254}
            value={email ?? ""}
            aria-describedby={error ? "portal-sign-in-error" : undefined}
          />
        </Field>
        <Button type="submit" icon="mail">{t("portal.signIn.send")}</Button>
      </form>
      {sso && (
        <form method="post" action={portalPath(slug, "/sso/start")} class="portal-form">
          <p class="portal-or muted">{t("portal.signIn.or")}</p>
          {next && <input type="hidden" name="next" value={next} />}
          <Button type="submit" variant="secondary" icon="key-round" id="portal-sso">
            {t("portal.signIn.sso", { provider: sso })}
          </Button>
        </form>
      )}
    </Card>
  );
}

/** The page a mailed link opens: one button, so a mail scanner's prefetch does not use it. */
export function ConfirmLinkCard({ slug, token, workspace }: {
  slug: string;
  token: string;
  workspace: string;
}) {
  const t = useT();
  return (
    <Card class="portal-narrow" id="portal-link">
      <h1 class="portal-title">{t("portal.link.title", { workspace })}</h1>
      <p class="muted">{t("portal.link.confirm")}</p>
      <form method="post" action={portalPath(slug, `/sign-in/${token}`)} class="portal-form">
        <Button type="submit" icon="log-in" id="portal-link-continue">
          {t("portal.link.continue")}
        </Button>
      </form>
    </Card>
  );
}

/** A used, expired or foreign link. */
export function DeadLinkCard({ slug }: { slug: string }) {
  const t = useT();
  return (
    <Card class="portal-narrow" id="portal-link-dead">
      <h1 class="portal-title">{t("portal.link.dead.title")}</h1>
      <p class="muted">{t("portal.link.dead.body")}</p>
      <Button href={portalPath(slug, "/sign-in")} variant="secondary" icon="mail">
        {t("portal.link.again")}
      </Button>
    </Card>
  );
}

/** SSO came back with an address that is no customer of this tenant. */
export function SsoRefusedCard({ slug }: { slug: string }) {
  const t = useT();
  return (
    <Card class="portal-narrow" id="portal-sso-refused">
      <h1 class="portal-title">{t("portal.sso.refused.title")}</h1>
      <p class="muted">{t("portal.sso.refused.body")}</p>
      <Button href={portalPath(slug, "/sign-in")} variant="secondary" icon="mail">
        {t("portal.link.again")}
      </Button>
    </Card>
  );
}
