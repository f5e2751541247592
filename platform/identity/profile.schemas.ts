import { z } from "@hono/zod-openapi";
import { LOCALE_PATTERN } from "../../shared/i18n/i18n.ts";

/** The signed-in user's own account as the profile shows and changes it. */
export const ProfileSchema = z.object({
  id: z.uuid(),
  email: z.email(),
  name: z.string(),
  locale: z.string().regex(LOCALE_PATTERN).nullable().openapi({
    description: "Interface language; null follows the browser and the workspace",
  }),
  isOperator: z.boolean(),
}).openapi("Profile");

export const ProfilePatch = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  locale: z.string().regex(LOCALE_PATTERN, "A language code like en, tr or pt-BR").nullable()
    .optional(),
}).refine((b) => Object.keys(b).length > 0, "Give at least one field").openapi("ProfilePatch");

/** The same password rules as everywhere: 8 to 1024 characters. */
export const NewPassword = z.string().min(8).max(1024);

export const PasswordChange = z.object({
  currentPassword: z.string().min(1).max(1024),
  newPassword: NewPassword,
}).openapi("PasswordChange");

export type Profile = z.infer<typeof ProfileSchema>;
