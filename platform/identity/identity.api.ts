import { createRouter } from "../../shared/http/router.ts";
import * as auth from "./auth.routes.ts";
import * as authH from "./auth.handlers.ts";
import * as admin from "./admin.routes.ts";
import * as adminH from "./admin.handlers.ts";

/** /api/auth: sign-in, sign-out, the caller, tenant switch. */
export const authApi = createRouter()
  .openapi(auth.loginRoute, authH.loginHandler)
  .openapi(auth.logoutRoute, authH.logoutHandler)
  .openapi(auth.meRoute, authH.meHandler)
  .openapi(auth.switchTenantRoute, authH.switchTenantHandler)
  .openapi(auth.listInvitationsRoute, authH.listInvitationsHandler)
  .openapi(auth.acceptInvitationRoute, authH.acceptInvitationHandler)
  .openapi(auth.declineInvitationRoute, authH.declineInvitationHandler);

/** /api/admin: tenants (operators), users and roles of the current tenant. */
export const adminApi = createRouter()
  .openapi(admin.listTenantsRoute, adminH.listTenantsHandler)
  .openapi(admin.createTenantRoute, adminH.createTenantHandler)
  .openapi(admin.listUsersRoute, adminH.listUsersHandler)
  .openapi(admin.createUserRoute, adminH.createUserHandler)
  .openapi(admin.updateUserRoute, adminH.updateUserHandler)
  .openapi(admin.listRolesRoute, adminH.listRolesHandler)
  .openapi(admin.createRoleRoute, adminH.createRoleHandler)
  .openapi(admin.updateRoleRoute, adminH.updateRoleHandler)
  .openapi(admin.listPermissionsRoute, adminH.listPermissionsHandler);
