import { registerAsset } from "../../ui/assets.ts";
import {
  Badge,
  Button,
  Card,
  Field,
  type Flash,
  Icon,
  RelativeTime,
  Toast,
  useT,
} from "../../ui/kit.ts";
import type { TotpSetupT, TwoFactorStatusT } from "./two-factor.schemas.ts";
import { TWO_FACTOR_POLICIES, type TwoFactorPolicy } from "./two-factor.lib.ts";
import { StandaloneFrame } from "./standalone.view.tsx";
import "./two-factor.messages.ts";
import "./auth.messages.ts";

registerAsset("two-factor.css", new URL("./assets/two-factor.css", import.meta.url));
registerAsset("two-factor.js", new URL("./assets/two-factor.js", import.meta.url));
registerAsset(
  "simplewebauthn-browser.js",
  new URL(
    "../../node_modules/@simplewebauthn/browser/dist/bundle/index.umd.min.js",
    import.meta.url,
  ),
);

/** The passkey scripts (the WebAuthn browser library and ours), loaded where a page needs them. */
export function PasskeyScripts() {
  return (
    <>
      <link rel="stylesheet" href="/assets/two-factor.css" />
      <script src="/assets/simplewebauthn-browser.js" defer></script>
      <script src="/assets/two-factor.js" defer></script>
    </>
  );
}

/** A hidden error shown by the script when a passkey ceremony fails. */
function PasskeyError({ id }: { id: string }) {
  const t = useT();
  return (
    <p
      class="alert error"
      role="alert"
      id={id}
      hidden
      data-unsupported={t("twoFactor.passkeyUnsupported")}
    >
      {t("twoFactor.passkeyFailed")}
    </p>
  );
}

/** The QR code (server-drawn SVG, inline) and the key as text for typing. */
function TotpSecret({ setup }: { setup: TotpSetupT }) {
  const t = useT();
  return (
    <div class="totp-setup">
      <p>{t("twoFactor.scan")}</p>
      <div
        class="totp-qr"
        role="img"
        aria-label={t("twoFactor.qrAlt")}
        dangerouslySetInnerHTML={{ __html: setup.qrSvg.replace(/^<\?xml[^>]*>/, "") }}
      />
      <p class="stack">
        <span class="field-label">{t("twoFactor.secret")}</span>
        <code class="totp-secret" id="totp-secret">{setup.secret}</code>
      </p>
    </div>
  );
}

function CodeInput({ name = "code" }: { name?: string }) {
  const t = useT();
  return (
    <Field label={t("twoFactor.code")} hint={t("twoFactor.codeHint")}>
      <input
        id={name === "code" ? "code" : name}
        name={name}
        type="text"
        inputmode="numeric"
        pattern="[0-9 ]{6,7}"
        maxLength={7}
        autocomplete="one-time-code"
        required
      />
    </Field>
  );
}

function CodesList({ codes }: { codes: string[] }) {
  return (
    <ol class="recovery-codes" id="recovery-codes">
      {codes.map((c) => (
        <li>
          <code>{c}</code>
        </li>
      ))}
    </ol>
  );
}

function Outcome({ flash }: { flash?: Flash }) {
  if (!flash) return null;
  return (
    <p class={`alert ${flash.kind}`} role={flash.kind === "error" ? "alert" : "status"}>
      {flash.text}
    </p>
  );
}

export interface SecurityState {
  status: TwoFactorStatusT;
  /** A secret being set up (after "Set up"). */
  setup?: TotpSetupT;
  /** Recovery codes just made: shown once. */
  recoveryCodes?: string[];
  totpFlash?: Flash;
  recoveryFlash?: Flash;
  passkeyFlash?: Flash;
}

function TotpCard({ status, setup, totpFlash }: SecurityState) {
  const t = useT();
  return (
    <Card
      title={t("twoFactor.totp")}
      actions={
        <Badge tone={status.totp ? "green" : "gray"}>
          {t(status.totp ? "twoFactor.on" : "twoFactor.off")}
        </Badge>
      }
    >
      <Outcome flash={totpFlash} />
      {status.totp
        ? (
          <>
            <p>{t("twoFactor.totpOn")}</p>
            <form method="post" action="/profile/security/totp/remove" class="form-grid">
              <p class="muted field-wide">{t("twoFactor.removeHint")}</p>
              <CodeInput name="removeCode" />
              <div class="form-actions field-wide">
                <Button type="submit" variant="danger" icon="shield-off">
                  {t("twoFactor.remove")}
                </Button>
              </div>
            </form>
          </>
        )
        : setup
        ? (
          <form method="post" action="/profile/security/totp/confirm" class="stack-form">
            <TotpSecret setup={setup} />
            <CodeInput />
            <div class="form-actions">
              <Button type="submit" icon="check">{t("twoFactor.confirm")}</Button>
            </div>
          </form>
        )
        : (
          <form method="post" action="/profile/security/totp" class="stack-form">
            <p class="muted">{t("twoFactor.totpOff")}</p>
            <div class="form-actions">
              <Button type="submit" icon="smartphone">{t("twoFactor.totpStart")}</Button>
            </div>
          </form>
        )}
    </Card>
  );
}

function RecoveryCard({ status, recoveryCodes, recoveryFlash }: SecurityState) {
  const t = useT();
  const hasFactor = status.totp || status.passkeys.length > 0;
  return (
    <Card title={t("twoFactor.recovery")}>
      <Outcome flash={recoveryFlash} />
      {recoveryCodes
        ? (
          <>
            <p class="alert ok" role="status">{t("twoFactor.recoveryShown")}</p>
            <CodesList codes={recoveryCodes} />
          </>
        )
        : (
          <p class="muted">
            {status.recoveryCodesLeft > 0
              ? t("twoFactor.recoveryLeft", { count: status.recoveryCodesLeft })
              : hasFactor
              ? t("twoFactor.recoveryNone")
              : t("twoFactor.recoveryNeedsFactor")}
          </p>
        )}
      {hasFactor && (
        <form method="post" action="/profile/security/recovery-codes" class="form-actions">
          <Button type="submit" variant="secondary" icon="refresh-cw">
            {t("twoFactor.recoveryNew")}
          </Button>
        </form>
      )}
    </Card>
  );
}

function PasskeysCard({ status, passkeyFlash }: SecurityState) {
  const t = useT();
  return (
    <Card title={t("twoFactor.passkeys")}>
      <Outcome flash={passkeyFlash} />
      <p class="muted">{t("twoFactor.passkeysHint")}</p>
      {status.passkeys.length === 0
        ? <p class="muted">{t("twoFactor.passkeysNone")}</p>
        : (
          <ul class="passkey-list" id="passkey-list">
            {status.passkeys.map((p) => (
              <li>
                <span class="stack">
                  <strong class="passkey-name">
                    <Icon name="key-round" size={16} /> {p.name}
                  </strong>
                  <span class="muted small">
                    <PasskeyWhen created={p.createdAt} used={p.lastUsedAt} />
                  </span>
                </span>
                <form method="post" action={`/profile/security/passkeys/${p.id}/remove`}>
                  <Button
                    type="submit"
                    variant="ghost"
                    small
                    icon="trash-2"
                    aria-label={t("twoFactor.passkeyRemoveLabel", { name: p.name })}
                  >
                    {t("twoFactor.passkeyRemove")}
                  </Button>
                </form>
              </li>
            ))}
          </ul>
        )}
      <form class="form-grid" data-passkey-register data-error="passkey-error">
        <Field label={t("twoFactor.passkeyName")} hint={t("twoFactor.passkeyNameHint")}>
          <input
            id="passkey-name"
            name="name"
            type="text"
            required
            maxLength={100}
            value={t("twoFactor.passkeyDefaultName")}
          />
        </Field>
        <div class="form-actions field-wide">
          <Button type="submit" variant="secondary" icon="fingerprint">
            {t("twoFactor.passkeyAdd")}
          </Button>
        </div>
      </form>
      <PasskeyError id="passkey-error" />
    </Card>
  );
}

function PasskeyWhen({ created, used }: { created: string; used: string | null }) {
  const t = useT();
  // The texts carry a placeholder for a time element: split around it.
  const [before, after] = t("twoFactor.passkeyAdded", { when: "\u0000" }).split("\u0000");
  return (
    <>
      {before}
      <RelativeTime at={created} />
      {after}
      {used && (
        <>
          {" · "}
          {t("twoFactor.passkeyUsed", { when: "\u0000" }).split("\u0000")[0]}
          <RelativeTime at={used} />
          {t("twoFactor.passkeyUsed", { when: "\u0000" }).split("\u0000")[1]}
        </>
      )}
    </>
  );
}

/** /profile/security: the authenticator app, recovery codes and passkeys. */
export function SecurityPage(state: SecurityState) {
  return (
    <>
      <PasskeyScripts />
      <div class="grid grid-lg security-grid">
        <TotpCard {...state} />
        <RecoveryCard {...state} />
        <PasskeysCard {...state} />
      </div>
    </>
  );
}

/** The link to the security page on the profile page. */
export function SecurityLink() {
  const t = useT();
  return (
    <Card title={t("twoFactor.profileLink")}>
      <p class="muted">{t("twoFactor.profileLinkHint")}</p>
      <Button href="/profile/security" variant="secondary" icon="shield-check">
        {t("twoFactor.profileLink")}
      </Button>
    </Card>
  );
}

/** The standalone frame of the sign-in steps (as the sign-in page). */
function SignInFrame({ title, children }: { title: string; children: preact.ComponentChildren }) {
  return <StandaloneFrame title={title} head={<PasskeyScripts />}>{children}</StandaloneFrame>;
}

export interface StepProps {
  pendingToken: string;
  next: string;
  methods: string[];
  error?: string;
}

/** The second step of a sign-in: a code, a recovery code or a passkey. */
export function SecondFactorStep({ pendingToken, next, methods, error }: StepProps) {
  const t = useT();
  const totp = methods.includes("totp");
  return (
    <SignInFrame title={t("twoFactor.stepTitle")}>
      <h1>{t("twoFactor.stepTitle")}</h1>
      <p class="muted">{t(totp ? "twoFactor.stepIntro" : "twoFactor.stepPasskeyOnly")}</p>
      {error && <p class="alert error" role="alert" id="step-error">{error}</p>}
      {totp && (
        <form method="post" action="/login/second-factor" class="login-form" id="code-form">
          <input type="hidden" name="pendingToken" value={pendingToken} />
          <input type="hidden" name="next" value={next} />
          <CodeInput />
          <Button type="submit" icon="shield-check" class="login-submit">
            {t("twoFactor.verify")}
          </Button>
        </form>
      )}
      {methods.includes("passkey") && (
        <div class="login-form passkey-step">
          <Button
            type="button"
            variant={totp ? "secondary" : "primary"}
            icon="fingerprint"
            class="login-submit"
            data-passkey-second-factor
            data-pending={pendingToken}
            data-next={next}
            data-error="step-passkey-error"
          >
            {t("twoFactor.usePasskey")}
          </Button>
          <PasskeyError id="step-passkey-error" />
        </div>
      )}
      {methods.includes("recovery-code") && (
        <details class="recovery-step">
          <summary>{t("twoFactor.useRecovery")}</summary>
          <form method="post" action="/login/second-factor" class="login-form">
            <input type="hidden" name="pendingToken" value={pendingToken} />
            <input type="hidden" name="next" value={next} />
            <Field label={t("twoFactor.recoveryCode")}>
              <input
                id="recovery-code"
                name="recoveryCode"
                type="text"
                autocomplete="off"
                maxLength={20}
                required
              />
            </Field>
            <Button type="submit" variant="secondary" icon="life-buoy">
              {t("twoFactor.verify")}
            </Button>
          </form>
        </details>
      )}
      <p class="muted small">
        <a href="/login">{t("twoFactor.startOver")}</a>
      </p>
    </SignInFrame>
  );
}

/** Enrolment during sign-in (the workspace requires a second factor and the account has none). */
export function EnrolStep(
  { pendingToken, next, setup, error }: {
    pendingToken: string;
    next: string;
    setup: TotpSetupT;
    error?: string;
  },
) {
  const t = useT();
  return (
    <SignInFrame title={t("twoFactor.enrolTitle")}>
      <h1>{t("twoFactor.enrolTitle")}</h1>
      <p class="muted">{t("twoFactor.enrolIntro")}</p>
      {error && <p class="alert error" role="alert" id="step-error">{error}</p>}
      <form method="post" action="/login/second-factor" class="login-form" id="code-form">
        <input type="hidden" name="pendingToken" value={pendingToken} />
        <input type="hidden" name="next" value={next} />
        <input type="hidden" name="enrol" value="1" />
        <TotpSecret setup={setup} />
        <CodeInput />
        <Button type="submit" icon="check" class="login-submit">{t("twoFactor.confirm")}</Button>
      </form>
      <h2 class="enrol-or">{t("twoFactor.enrolPasskey")}</h2>
      <form
        class="login-form"
        data-passkey-enrol
        data-pending={pendingToken}
        data-next={next}
        data-error="enrol-passkey-error"
      >
        <Field label={t("twoFactor.passkeyName")}>
          <input
            id="passkey-name"
            name="name"
            type="text"
            required
            maxLength={100}
            value={t("twoFactor.passkeyDefaultName")}
          />
        </Field>
        <Button type="submit" variant="secondary" icon="fingerprint">
          {t("twoFactor.passkeyAdd")}
        </Button>
      </form>
      <PasskeyError id="enrol-passkey-error" />
      <p class="muted small">
        <a href="/login">{t("twoFactor.startOver")}</a>
      </p>
    </SignInFrame>
  );
}

/** After enrolling TOTP at sign-in: the recovery codes, once, then on. */
export function RecoveryCodesStep({ codes, next }: { codes: string[]; next: string }) {
  const t = useT();
  return (
    <SignInFrame title={t("twoFactor.codesTitle")}>
      <h1>{t("twoFactor.codesTitle")}</h1>
      <p class="muted">{t("twoFactor.enabled")}</p>
      <CodesList codes={codes} />
      <Button href={next} icon="arrow-right" class="login-submit">{t("twoFactor.continue")}</Button>
    </SignInFrame>
  );
}

/** "Sign in with a passkey" under the password form. */
export function PasskeySignIn({ next }: { next?: string }) {
  const t = useT();
  return (
    <div class="passkey-signin">
      <PasskeyScripts />
      <p class="muted small passkey-or">{t("twoFactor.or")}</p>
      <Button
        type="button"
        variant="secondary"
        icon="fingerprint"
        class="login-submit"
        data-passkey-signin
        data-next={next ?? "/"}
        data-error="passkey-signin-error"
      >
        {t("twoFactor.passkeySignIn")}
      </Button>
      <PasskeyError id="passkey-signin-error" />
    </div>
  );
}

/** The workspace policy form on the tenant settings page. */
export function PolicyCard({ policy, flash }: { policy: TwoFactorPolicy; flash?: Flash }) {
  const t = useT();
  return (
    <Card title={t("twoFactor.policy")} id="two-factor-policy">
      <link rel="stylesheet" href="/assets/two-factor.css" />
      <Toast flash={flash} />
      <form method="post" action="/admin/tenant/two-factor" class="stack-form">
        <fieldset class="policy-options">
          <legend class="muted">{t("twoFactor.policyHint")}</legend>
          {TWO_FACTOR_POLICIES.map((p) => (
            <label class="policy-option">
              <input type="radio" name="policy" value={p} checked={policy === p} />
              {t(`twoFactor.policy.${p}`)}
            </label>
          ))}
        </fieldset>
        <div class="form-actions">
          <Button type="submit" icon="save">{t("ui.save")}</Button>
        </div>
      </form>
    </Card>
  );
}
