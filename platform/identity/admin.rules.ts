import { problems } from "../../shared/http/problem.ts";
/** Pure rules of the member admin (who may add whom, and how). Tested directly. */

/** Where owners and admins add a person who has no account yet. */
export const INVITATIONS_ROUTE = "POST /api/admin/invitations";

/** The answer to an owner or admin (not an operator) who types a password for a new account. */
export const NEW_ACCOUNT_NEEDS_OPERATOR =
  "Only platform operators create accounts with a password. Invite this address by e-mail " +
  `instead (${INVITATIONS_ROUTE}): the person sets their own password.`;

/**
 * How adding an e-mail to the tenant goes: an existing account is invited in the app (it joins
 * once it accepts); a new account, with a typed or generated temporary password, is made only
 * by a platform operator. Anyone else is refused (403) and pointed at invitations by e-mail.
 */
export function memberAddition(
  caller: { isOperator?: boolean },
  accountExists: boolean,
): "invite-existing" | "create-account" {
  if (accountExists) return "invite-existing";
  if (caller.isOperator === true) return "create-account";
  throw problems.forbidden(NEW_ACCOUNT_NEEDS_OPERATOR);
}
