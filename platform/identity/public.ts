/**
 * What other features and modules may use of identity: members, their names and permissions,
 * roles. In SQL, join the `member_directory` view (user_id, name, email, status, roles) instead of
 * the users and memberships tables.
 */

export {
  activeMembers,
  directory,
  type DirectoryMember,
  isActiveMember,
  memberLocale,
  memberName,
  memberNames,
  memberPermissions,
  membersWithRole,
  roleExists,
} from "./directory.repo.ts";
export { listMembers, type MemberRow } from "./users.repo.ts";
export { listRoles, type RoleRow } from "./roles.repo.ts";
export { IdParam } from "./identity.schemas.ts";
// The client address behind a request (trusted proxies honoured), for throttles elsewhere.
export { clientAddress } from "./authentication.middleware.ts";
// Single-use hashed link tokens and the origins mail links point at (the customer portal).
export {
  appOrigin,
  hashLinkToken,
  LINK_TOKEN,
  linkTo,
  newLinkToken,
  requireMailOrigin,
} from "./links.lib.ts";
// Same-origin check of cookie-authenticated form posts (pages outside the staff session).
export { isSameOrigin } from "./csrf.middleware.ts";
// The workspace's OpenID provider as a witness of an e-mail address (no account is made).
export { finishEmailCheck, ssoProviderLabel, startEmailCheck } from "./sso.verify.service.ts";
export { SsoRefused } from "./sso.rules.ts";
