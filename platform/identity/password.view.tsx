import type { ComponentChildren } from "preact";
import { registerAsset } from "../../ui/assets.ts";
import { Field, Icon, useT } from "../../ui/kit.ts";
import { PASSWORD_MIN_LENGTH, type PasswordVerdict } from "./password.rules.ts";
import { StandaloneFrame } from "./standalone.view.tsx";
import "./password-reset.messages.ts";

registerAsset("accounts.css", new URL("./assets/accounts.css", import.meta.url));

export const AccountsStyles = () => <link rel="stylesheet" href="/assets/accounts.css" />;

/** Where the meter asks for a verdict while the person types (POST, the form's fields). */
export const STRENGTH_PATH = "/password/strength";

/**
 * The password policy as the person types: the minimum length (met or not), a five-step bar
 * and its word, and why a password is refused. Drawn by the server (STRENGTH_PATH).
 */
export function PasswordMeter({ verdict, length }: { verdict?: PasswordVerdict; length?: number }) {
  const t = useT();
  const score = verdict?.score ?? -1;
  const long = (length ?? 0) >= PASSWORD_MIN_LENGTH;
  return (
    <div class="pw-meter" id="pw-meter" data-score={String(score)} aria-live="polite">
      <span class="pw-bars" aria-hidden="true">
        <span></span>
        <span></span>
        <span></span>
        <span></span>
        <span></span>
      </span>
      <span>
        {t("password.policy.label")}:{" "}
        <strong>{t(`password.strength.${verdict?.strength ?? "empty"}`)}</strong>
      </span>
      <span class={long ? "pw-rule-ok" : "pw-rule-no"}>
        <Icon name={long ? "check" : "circle"} size={14} />{" "}
        {t("password.policy.minLength", { min: PASSWORD_MIN_LENGTH })}
      </span>
      {verdict && verdict.score >= 0 && verdict.issues.some((i) => i !== "tooShort") && (
        <ul>
          {verdict.issues.filter((i) => i !== "tooShort").map((i) => (
            <li>{t(`password.issue.${i}`)}</li>
          ))}
        </ul>
      )}
      {(!verdict || verdict.score < 0) && <span class="muted">{t("password.policy.hint")}</span>}
    </div>
  );
}

/**
 * A new-password field with the meter under it, and its confirmation. The meter asks the
 * server (keyup, once typing pauses) with the form's fields, so the person's name and address
 * count as known words.
 */
export function NewPasswordFields(
  { name = "password", confirmName = "confirm", label, confirmLabel, verdict, length }: {
    name?: string;
    confirmName?: string;
    label: string;
    confirmLabel: string;
    verdict?: PasswordVerdict;
    length?: number;
  },
) {
  return (
    <>
      <Field label={label}>
        <input
          id={`${name}-input`}
          name={name}
          type="password"
          autocomplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={1024}
          aria-describedby="pw-meter"
          hx-post={STRENGTH_PATH}
          hx-trigger="keyup changed delay:250ms"
          hx-target="#pw-meter"
          hx-swap="outerHTML"
          hx-params={`${name},email,name`}
          hx-sync="this:replace"
        />
      </Field>
      <PasswordMeter verdict={verdict} length={length} />
      <Field label={confirmLabel}>
        <input
          id={`${confirmName}-input`}
          name={confirmName}
          type="password"
          autocomplete="new-password"
          required
          maxLength={1024}
        />
      </Field>
    </>
  );
}

/** The standalone frame of the link pages (as the sign-in page), one card in the middle. */
export function LinkFrame({ title, children }: { title: string; children: ComponentChildren }) {
  return (
    <StandaloneFrame title={title} bodyClass="link-page" head={<AccountsStyles />}>
      {children}
    </StandaloneFrame>
  );
}
