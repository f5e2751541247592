import { registerAsset } from "../../ui/assets.ts";
import { Button, Field, type Flash, Toast, useT } from "../../ui/kit.ts";
import type { SsoOffer } from "./sso.schemas.ts";
import type { SsoRefusal } from "./sso.rules.ts";
import { StandaloneFrame } from "./standalone.view.tsx";
import "./sso.messages.ts";

registerAsset("sso.css", new URL("./assets/sso.css", import.meta.url));

/** The stylesheet of the SSO pieces. */
export const SsoStyles = () => <link rel="stylesheet" href="/assets/sso.css" />;

/**
 * What the sign-in page's e-mail and workspace fields send to find a "Sign in with <company>"
 * button while the person types (GET, so the password is never part of it).
 */
export const SSO_LOOKUP = {
  "hx-get": "/sso/lookup",
  "hx-trigger": "input changed delay:300ms, change",
  "hx-include": "#email, #tenant, #login-next",
  "hx-target": "#sso-offers",
  "hx-swap": "outerHTML",
};

/** "Sign in with <company>" buttons (none: an empty box htmx can fill later). */
export function SsoOffers({ offers, next }: { offers: SsoOffer[]; next?: string }) {
  const t = useT();
  const query = next && next !== "/" ? `?next=${encodeURIComponent(next)}` : "";
  return (
    <div id="sso-offers" class="sso-offers" aria-live="polite">
      {offers.map((o) => (
        <Button
          href={`/sso/${o.slug}/start${query}`}
          variant="secondary"
          icon="building-2"
          class="sso-button"
        >
          {t("sso.signInWith", { company: o.label })}
        </Button>
      ))}
      {offers.length > 0 && <p class="sso-or">{t("sso.or")}</p>}
    </div>
  );
}

/** The page a refused single sign-on lands on: what happened, and the way back. */
export function SsoRefusedPage(
  { reason, email }: { reason: SsoRefusal; email?: string },
) {
  const t = useT();
  const text = reason === "domain" || reason === "linked"
    ? t(`sso.refused.${reason}`, { email: email ?? "" })
    : t(`sso.refused.${reason}`);
  return (
    <StandaloneFrame title={t("sso.refused.title")}>
      <h1>{t("sso.refused.title")}</h1>
      <p class="alert error" role="alert" id="sso-refused">{text}</p>
      <Button href="/login" icon="arrow-left" variant="secondary">
        {t("sso.refused.back")}
      </Button>
    </StandaloneFrame>
  );
}

/**
 * "Continue to <company>": a start of single sign-on that did not come from this site's own
 * pages. Only this same-origin form starts it (login CSRF: another site cannot sign a browser
 * into a workspace of its choosing).
 */
export function SsoContinuePage(
  { label, action, next }: { label: string; action: string; next: string },
) {
  const t = useT();
  return (
    <StandaloneFrame title={t("sso.continue.title")} head={<SsoStyles />}>
      <h1>{t("sso.continue.title")}</h1>
      <p id="sso-continue-text">{t("sso.continue.text", { company: label })}</p>
      <form method="post" action={action} id="sso-continue" class="sso-continue">
        {next !== "/" && <input type="hidden" name="next" value={next} />}
        <Button type="submit" icon="log-in">
          {t("sso.continue.button", { company: label })}
        </Button>
      </form>
      <p>
        <Button href="/login" icon="arrow-left" variant="secondary">
          {t("sso.refused.back")}
        </Button>
      </p>
    </StandaloneFrame>
  );
}

/**
 * After the confirmation's POST: on to the provider by a refresh, not by a redirect of the form
 * (the pages' Content-Security-Policy allows forms to submit to this site only, redirects
 * included), with a link in case the refresh does not happen.
 */
export function SsoOnwardPage({ label, url }: { label: string; url: string }) {
  const t = useT();
  return (
    <StandaloneFrame title={t("sso.continue.title")} head={<SsoStyles />} refresh={url}>
      <h1>{t("sso.continue.title")}</h1>
      <p>{t("sso.onward.text", { company: label })}</p>
      <p class="sso-continue">
        <Button href={url} icon="log-in" id="sso-onward">
          {t("sso.continue.button", { company: label })}
        </Button>
      </p>
    </StandaloneFrame>
  );
}

/** The admin form's values: the stored settings or what was just submitted. */
export interface SsoFormValues {
  enabled: boolean;
  issuer: string;
  clientId: string;
  label: string;
  allowedDomains: string;
  roleClaim: string;
  roleMap: string;
  defaultRole: string;
  ssoRequired: boolean;
  breakGlassUserId: string;
}

export type SsoFormErrors = Partial<
  Record<
    | "issuer"
    | "clientId"
    | "clientSecret"
    | "allowedDomains"
    | "roleClaim"
    | "roleMap"
    | "defaultRole"
    | "breakGlassUserId"
    | "label",
    string
  >
>;

/** The workspace's single sign-on form (htmx swaps it back with its errors). */
export function SsoSettingsForm(
  { values, errors = {}, hasSecret, redirectUri, roles, owners, flash, configured, workspace }: {
    values: SsoFormValues;
    errors?: SsoFormErrors;
    hasSecret: boolean;
    redirectUri: string;
    /** Role keys and their names, owner left out. */
    roles: { key: string; name: string }[];
    /** Active owners (id, name and e-mail) for the break-glass choice. */
    owners: { id: string; label: string }[];
    flash?: Flash;
    configured: boolean;
    workspace: string;
  },
) {
  const t = useT();
  return (
    <form
      id="sso-form"
      method="post"
      action="/admin/sso"
      hx-post="/admin/sso"
      hx-target="this"
      hx-swap="outerHTML"
      class="form-grid"
    >
      {flash && (
        <div class="field-wide">
          <Toast flash={flash} />
        </div>
      )}
      <div class="field field-wide">
        <span class="field-label">{t("sso.redirectUri")}</span>
        <code class="sso-uri" id="sso-redirect-uri">{redirectUri}</code>
      </div>
      <div class="checks field field-wide">
        <label>
          <input type="checkbox" name="enabled" checked={values.enabled} />
          {t("sso.enabled")}
        </label>
      </div>
      <Field label={t("sso.issuer")} hint={t("sso.issuer.hint")} error={errors.issuer} wide>
        <input name="issuer" type="url" value={values.issuer} required maxLength={500} />
      </Field>
      <Field label={t("sso.clientId")} error={errors.clientId}>
        <input
          name="clientId"
          value={values.clientId}
          required
          maxLength={500}
          autocomplete="off"
        />
      </Field>
      <Field
        label={t("sso.clientSecret")}
        hint={hasSecret ? t("sso.clientSecret.keep") : t("sso.clientSecret.hint")}
        error={errors.clientSecret}
      >
        <input
          name="clientSecret"
          type="password"
          autocomplete="new-password"
          required={!hasSecret}
          maxLength={2000}
        />
      </Field>
      <Field label={t("sso.label")} hint={t("sso.label.hint")} error={errors.label}>
        <input name="label" value={values.label} required maxLength={100} />
      </Field>
      <Field label={t("sso.domains")} hint={t("sso.domains.hint")} error={errors.allowedDomains}>
        <textarea name="allowedDomains" rows={3} required>{values.allowedDomains}</textarea>
      </Field>
      <h2 class="sso-section field-wide">{t("sso.roles")}</h2>
      <Field label={t("sso.roleClaim")} hint={t("sso.roleClaim.hint")} error={errors.roleClaim}>
        <input name="roleClaim" value={values.roleClaim} maxLength={100} />
      </Field>
      <Field label={t("sso.defaultRole")} error={errors.defaultRole}>
        <select name="defaultRole">
          {roles.map((r) => (
            <option value={r.key} selected={values.defaultRole === r.key}>{r.name}</option>
          ))}
        </select>
      </Field>
      <Field label={t("sso.roleMap")} hint={t("sso.roleMap.hint")} error={errors.roleMap} wide>
        <textarea name="roleMap" rows={3}>{values.roleMap}</textarea>
      </Field>
      <div class="checks field field-wide">
        <label>
          <input type="checkbox" name="ssoRequired" checked={values.ssoRequired} />
          {t("sso.required")}
        </label>
        <span class="field-hint">{t("sso.required.hint")}</span>
      </div>
      <Field
        label={t("sso.breakGlass")}
        hint={t("sso.breakGlass.hint")}
        error={errors.breakGlassUserId}
      >
        <select name="breakGlassUserId">
          <option value="">{t("sso.breakGlass.none")}</option>
          {owners.map((o) => (
            <option value={o.id} selected={values.breakGlassUserId === o.id}>{o.label}</option>
          ))}
        </select>
      </Field>
      <div class="form-actions field-wide">
        <Button type="submit" icon="save">{t("sso.save")}</Button>
        {configured && values.enabled && (
          <Button href={`/sso/${workspace}/start`} variant="secondary" icon="log-in">
            {t("sso.test")}
          </Button>
        )}
      </div>
    </form>
  );
}

/** Removing the workspace's single sign-on (a plain form: the page reloads). */
export function SsoRemoveForm() {
  const t = useT();
  return (
    <form method="post" action="/admin/sso/remove" class="form-actions">
      <Button type="submit" variant="danger" icon="trash-2">{t("sso.remove")}</Button>
    </form>
  );
}
