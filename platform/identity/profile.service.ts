import type { Sql } from "../../shared/db/database.ts";
import type { Actor } from "../../shared/http/actor.ts";
import type { Session } from "../../shared/modules.ts";
import { Problem, problems } from "../../shared/http/problem.ts";
import { isLocale } from "../../shared/i18n/i18n.ts";
import { hashPassword, verifyPassword } from "../../shared/auth/passwords.ts";
import { attemptKeys, countSignIn, forgiveSignIn } from "../../shared/auth/throttle.ts";
import { passwordHashOf, selectProfile, setPasswordHash, updateProfile } from "./profile.repo.ts";
import type { Profile } from "./profile.schemas.ts";
import { auditIdentity } from "./audit.service.ts";
import { enforcePassword } from "./password.rules.ts";

/** Short transactions of their own (see changePassword). */
export type Scope = <T>(fn: (tx: Sql) => Promise<T>) => Promise<T>;

export async function profileOf({ sql, session }: Actor): Promise<Profile> {
  const profile = await selectProfile(sql, session.userId);
  if (!profile) throw problems.notFound();
  return profile;
}

/** Changes the caller's name and language; a language must be one this workspace offers. */
export async function changeProfile(
  actor: Actor,
  patch: { name?: string; locale?: string | null },
): Promise<Profile> {
  if (patch.locale && !isLocale(patch.locale)) {
    throw problems.validation([{ path: "locale", message: "Not a language of this workspace" }]);
  }
  await updateProfile(actor.sql, actor.session.userId, patch);
  return await profileOf(actor);
}

/** The wrong current password: its own type, so the page can say it in the reader's words. */
export const wrongPassword = () =>
  new Problem(
    422,
    "wrong-password",
    "Unprocessable Content",
    "The current password is not correct.",
  );

/**
 * Changes the caller's password after checking the current one. Attempts count against the
 * same account and address limits as sign-in (so the form cannot be used to guess), in
 * transactions of their own that commit even when the answer is an error; the hashing runs
 * outside any transaction, so it never holds the (possibly single) connection.
 */
export async function changePassword(
  scope: Scope,
  session: Session,
  address: string,
  input: { currentPassword: string; newPassword: string },
) {
  // The password policy (password.rules.ts), as for every password a person sets.
  await enforcePassword(input.newPassword, session, "newPassword");
  const keys = attemptKeys(session.email, address);
  const wait = await scope((tx) => countSignIn(tx, keys));
  if (wait > 0) throw problems.tooManyRequests(wait);
  const hash = await scope((tx) => passwordHashOf(tx));
  if (!(await verifyPassword(input.currentPassword, hash))) throw wrongPassword();
  const next = await hashPassword(input.newPassword);
  await scope(async (tx) => {
    await setPasswordHash(tx, session.userId, next);
    await forgiveSignIn(tx, keys);
    await auditIdentity({ sql: tx }, {
      action: "password_changed",
      summary: `${session.email} changed their password`,
      entityType: "user",
      entityId: session.userId,
      address,
      before: { email: session.email },
      after: { email: session.email, password: true },
    });
  });
}
