import { z } from "@hono/zod-openapi";

export const PasswordResetRequestBody = z.object({
  email: z.email().max(254),
}).openapi("PasswordResetRequest");

export const PasswordResetAccepted = z.object({
  message: z.string(),
}).openapi("PasswordResetAccepted");

export const PasswordResetCompleteBody = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, "the token from the link"),
  password: z.string().min(1).max(1024),
}).openapi("PasswordResetComplete");

export const PasswordCheckBody = z.object({
  password: z.string().max(1024),
  email: z.string().max(254).optional(),
  name: z.string().max(200).optional(),
}).openapi("PasswordCheckRequest");

export const PasswordVerdictSchema = z.object({
  ok: z.boolean(),
  score: z.number().int().min(-1).max(4),
  strength: z.enum(["empty", "veryWeak", "weak", "fair", "good", "strong"]),
  issues: z.array(z.enum(["tooShort", "tooLong", "tooGuessable", "containsPersonal"])),
  minLength: z.number().int(),
}).openapi("PasswordVerdict");
