import { currentLanguages } from "../../shared/i18n/i18n.ts";
import { AccountsStyles, PasswordMeter, STRENGTH_PATH } from "./password.view.tsx";
import { PASSWORD_MIN_LENGTH } from "./password.rules.ts";
import { Button, Card, Field, SubmitRow, useT } from "../../ui/kit.ts";
import type { Flash } from "../../shared/http/form.ts";
import type { Profile } from "./profile.schemas.ts";
import { SecurityLink } from "./two-factor.view.tsx";
import { AccessLinks } from "./access.view.tsx";

/** A form's outcome where it was submitted (errors stay, successes say so). */
function Outcome({ flash }: { flash?: Flash }) {
  if (!flash) return null;
  return (
    <p class={`alert ${flash.kind}`} role={flash.kind === "error" ? "alert" : "status"}>
      {flash.text}
    </p>
  );
}

/** Name and language; htmx swaps the card, a plain post gets the page. */
export function DetailsCard(
  { profile, flash }: { profile: Profile; flash?: Flash },
) {
  const t = useT();
  return (
    <div id="profile-details">
      <Card title={t("profile.details")}>
        <Outcome flash={flash} />
        <form
          class="form-grid"
          method="post"
          action="/profile"
          hx-post="/profile"
          hx-target="#profile-details"
          hx-swap="outerHTML"
        >
          <Field label={t("profile.name")}>
            <input
              name="name"
              type="text"
              required
              maxLength={200}
              value={profile.name}
              autocomplete="name"
            />
          </Field>
          <Field label={t("profile.email")}>
            <input type="email" value={profile.email} readOnly autocomplete="email" />
          </Field>
          <Field label={t("profile.language")}>
            <select name="locale">
              <option value="" selected={!profile.locale}>{t("profile.languageDefault")}</option>
              {currentLanguages().map((lang) => (
                <option value={lang.code} lang={lang.code} selected={profile.locale === lang.code}>
                  {lang.name}
                </option>
              ))}
            </select>
          </Field>
          <SubmitRow icon="check" wide>{t("profile.save")}</SubmitRow>
        </form>
      </Card>
    </div>
  );
}

/** Current and new password (twice); the fields never come back filled. */
export function PasswordCard({ flash }: { flash?: Flash }) {
  const t = useT();
  return (
    <div id="profile-password">
      <Card title={t("profile.password")}>
        <Outcome flash={flash} />
        <form
          class="form-grid"
          method="post"
          action="/profile/password"
          hx-post="/profile/password"
          hx-target="#profile-password"
          hx-swap="outerHTML"
        >
          <Field label={t("profile.currentPassword")} wide>
            <input
              name="currentPassword"
              type="password"
              required
              autocomplete="current-password"
            />
          </Field>
          <Field label={t("profile.newPassword")}>
            <input
              name="newPassword"
              type="password"
              required
              minLength={PASSWORD_MIN_LENGTH}
              maxLength={1024}
              autocomplete="new-password"
              aria-describedby="pw-meter"
              hx-post={STRENGTH_PATH}
              hx-trigger="keyup changed delay:250ms"
              hx-target="#pw-meter"
              hx-swap="outerHTML"
              hx-params="newPassword"
              hx-sync="this:replace"
            />
          </Field>
          <div class="field-wide">
            <AccountsStyles />
            <PasswordMeter />
          </div>
          <Field label={t("profile.confirmPassword")}>
            <input
              name="confirmPassword"
              type="password"
              required
              minLength={8}
              maxLength={1024}
              autocomplete="new-password"
            />
          </Field>
          <div class="form-actions field-wide">
            <Button type="submit" icon="key-round">{t("profile.password")}</Button>
          </div>
        </form>
      </Card>
    </div>
  );
}

/** The profile page: the account's details and its password, side by side on wide screens. */
export function ProfilePage(
  { profile, details, password }: {
    profile: Profile;
    details?: Flash;
    password?: Flash;
  },
) {
  return (
    <div class="grid grid-lg">
      <DetailsCard profile={profile} flash={details} />
      <PasswordCard flash={password} />
      <SecurityLink />
      <AccessLinks />
    </div>
  );
}
