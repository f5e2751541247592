import { z } from "@hono/zod-openapi";
import { ProblemSchema } from "../../shared/http/problem.ts";
import { TokenResponse } from "./identity.schemas.ts";
import { TWO_FACTOR_POLICIES } from "./two-factor.lib.ts";

export const TwoFactorPolicySchema = z.enum(TWO_FACTOR_POLICIES).openapi("TwoFactorPolicy", {
  description: "Who must use a second factor to sign in: nobody, owners and admins, everyone",
});

/** The second factor a sign-in waits for (the 401 problem's extension member). */
export const PendingSecondFactor = z.object({
  pendingToken: z.string().openapi({
    description: "Send back with the code to /api/auth/login/second-factor; valid 5 minutes, " +
      "bound to the account, single use",
  }),
  methods: z.array(z.enum(["totp", "recovery-code", "passkey"])).openapi({
    description: "What the account can answer with (empty while it must enrol first)",
  }),
  enrolmentRequired: z.boolean().openapi({
    description: "The workspace requires a second factor and the account has none: set up TOTP " +
      "(/api/auth/login/totp-enrolment) or a passkey before a session is issued",
  }),
  expiresIn: z.number().int(),
}).openapi("PendingSecondFactor");

export const SecondFactorRequiredProblem = ProblemSchema.extend({
  secondFactor: PendingSecondFactor.optional(),
}).openapi("SecondFactorRequiredProblem");

/** A WebAuthn credential as @simplewebauthn/browser returns it (checked by the server library). */
const WebAuthnCredential = z.object({
  id: z.string().min(1).max(1400),
  rawId: z.string().min(1).max(1400),
  type: z.literal("public-key"),
  response: z.record(z.string(), z.unknown()),
  clientExtensionResults: z.record(z.string(), z.unknown()).optional().default({}),
  authenticatorAttachment: z.string().max(40).optional(),
}).passthrough().openapi("WebAuthnCredential");

export const PasskeyAnswer = z.object({
  challengeToken: z.string().min(1).max(4000),
  credential: WebAuthnCredential,
}).openapi("PasskeyAnswer");

export const SecondFactorBody = z.object({
  pendingToken: z.string().min(1).max(4000),
  code: z.string().max(20).optional().openapi({ description: "A TOTP code (6 digits)" }),
  recoveryCode: z.string().max(40).optional(),
  passkey: PasskeyAnswer.optional().openapi({ description: "A passkey's answer to a challenge" }),
  passkeyRegistration: PasskeyAnswer.extend({ name: z.string().trim().min(1).max(100) })
    .optional().openapi({ description: "Enrolment: a new passkey (its first use signs in)" }),
}).refine(
  (b) =>
    [b.code, b.recoveryCode, b.passkey, b.passkeyRegistration].filter((x) => x !== undefined)
      .length === 1,
  "Give exactly one of code, recoveryCode, passkey, passkeyRegistration",
).openapi("SecondFactorRequest");

export const SecondFactorResponse = TokenResponse.extend({
  recoveryCodes: z.array(z.string()).optional().openapi({
    description: "Shown once, when this sign-in enrolled TOTP",
  }),
}).openapi("SecondFactorResponse");

export const PendingTokenBody = z.object({
  pendingToken: z.string().min(1).max(4000),
}).openapi("PendingTokenRequest");

export const PasskeyOptionsBody = z.object({
  pendingToken: z.string().min(1).max(4000).optional().openapi({
    description: "A pending sign-in: options for that account's passkeys (or, while it must " +
      "enrol, to register one); without it, for a password-less sign-in",
  }),
}).openapi("PasskeyOptionsRequest");

export const PasskeyOptionsResponse = z.object({
  options: z.record(z.string(), z.unknown()).openapi({
    description: "PublicKeyCredential{Request,Creation}OptionsJSON for the browser",
  }),
  challengeToken: z.string(),
}).openapi("PasskeyOptions");

export const PasskeySignInBody = PasskeyAnswer.extend({
  tenant: z.string().min(1).max(64).optional().openapi({ description: "Tenant slug or id" }),
}).openapi("PasskeySignInRequest");

export const TotpSetup = z.object({
  secret: z.string().openapi({ description: "Base32, for typing into an authenticator app" }),
  uri: z.string().openapi({ description: "otpauth:// address (what the QR code holds)" }),
  qrSvg: z.string().openapi({ description: "The QR code as an SVG document" }),
}).openapi("TotpSetup");

export const CodeBody = z.object({
  code: z.string().min(1).max(20),
}).openapi("TotpCode");

export const RecoveryCodes = z.object({
  recoveryCodes: z.array(z.string()).openapi({ description: "Shown once; each works once" }),
}).openapi("RecoveryCodes");

export const PasskeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
}).openapi("Passkey");

export const TwoFactorStatus = z.object({
  totp: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  passkeys: z.array(PasskeySchema),
}).openapi("TwoFactorStatus");

export const NewPasskeyBody = PasskeyAnswer.extend({
  name: z.string().trim().min(1).max(100),
}).openapi("NewPasskey");

export const PolicyBody = z.object({ policy: TwoFactorPolicySchema }).openapi(
  "TwoFactorPolicySetting",
);

export type TwoFactorStatusT = z.infer<typeof TwoFactorStatus>;
export type PasskeyT = z.infer<typeof PasskeySchema>;
export type PasskeyAnswerT = z.infer<typeof PasskeyAnswer>;
export type TotpSetupT = z.infer<typeof TotpSetup>;
