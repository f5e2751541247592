import { createRouter } from "../../shared/http/router.ts";
import * as auth from "./auth.routes.ts";
import * as authH from "./auth.handlers.ts";
import * as admin from "./admin.routes.ts";
import * as adminH from "./admin.handlers.ts";
import * as tenants from "./tenants.routes.ts";
import * as profile from "./profile.routes.ts";
import * as profileH from "./profile.handlers.ts";
import * as tenantsH from "./tenants.handlers.ts";

/** /api/auth: sign-in, sign-out, the caller, tenant switch. */
export const authApi = createRouter()
  .openapi(auth.loginRoute, authH.loginHandler)
  .openapi(auth.logoutRoute, authH.logoutHandler)
  .openapi(auth.meRoute, authH.meHandler)
  .openapi(profile.updateProfileRoute, profileH.updateProfileHandler)
  .openapi(profile.changePasswordRoute, profileH.changePasswordHandler)
  .openapi(auth.switchTenantRoute, authH.switchTenantHandler)
  .openapi(auth.listInvitationsRoute, authH.listInvitationsHandler)
  .openapi(auth.acceptInvitationRoute, authH.acceptInvitationHandler)
  .openapi(auth.declineInvitationRoute, authH.declineInvitationHandler);

/** /api/admin: tenants (operators), the current tenant's settings, users and roles. */
export const adminApi = createRouter()
  .openapi(tenants.listTenantsRoute, tenantsH.listTenantsHandler)
  .openapi(tenants.createTenantRoute, tenantsH.createTenantHandler)
  .openapi(tenants.suspendTenantRoute, tenantsH.suspendTenantHandler)
  .openapi(tenants.reactivateTenantRoute, tenantsH.reactivateTenantHandler)
  .openapi(tenants.getTenantSettingsRoute, tenantsH.getTenantSettingsHandler)
  .openapi(tenants.updateTenantSettingsRoute, tenantsH.updateTenantSettingsHandler)
  .openapi(admin.listUsersRoute, adminH.listUsersHandler)
  .openapi(admin.createUserRoute, adminH.createUserHandler)
  .openapi(admin.updateUserRoute, adminH.updateUserHandler)
  .openapi(admin.listRolesRoute, adminH.listRolesHandler)
  .openapi(admin.createRoleRoute, adminH.createRoleHandler)
  .openapi(admin.updateRoleRoute, adminH.updateRoleHandler)
  .openapi(admin.listPermissionsRoute, adminH.listPermissionsHandler);
