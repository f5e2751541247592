import { createRouter } from "../../shared/http/router.ts";
import { translationsApi } from "../../platform/translations/translations.handlers.ts";
import { TRANSLATIONS_WRITE } from "../../shared/rbac/permissions.ts";
import * as P from "./projects/projects.routes.ts";
import * as PH from "./projects/projects.handlers.ts";
import * as S from "./statuses/statuses.routes.ts";
import * as SH from "./statuses/statuses.handlers.ts";
import * as T from "./tasks/tasks.routes.ts";
import * as TH from "./tasks/tasks.handlers.ts";
import * as C from "./comments/comments.routes.ts";
import * as CH from "./comments/comments.handlers.ts";
import * as R from "./reports/reports.routes.ts";
import * as RH from "./reports/reports.handlers.ts";
import * as F from "./feed/feed.routes.ts";
import * as FH from "./feed/feed.handlers.ts";
import * as A from "./attachments/attachments.routes.ts";
import * as AH from "./attachments/attachments.handlers.ts";

/** /api/projects: every route declared with createRoute. */
export function projectsApi() {
  const api = createRouter()
    .openapi(P.listProjectsRoute, PH.listProjectsHandler)
    .openapi(P.createProjectRoute, PH.createProjectHandler)
    .openapi(P.getProjectRoute, PH.getProjectHandler)
    .openapi(P.updateProjectRoute, PH.updateProjectHandler)
    .openapi(P.archiveProjectRoute, PH.archiveProjectHandler)
    .openapi(P.unarchiveProjectRoute, PH.unarchiveProjectHandler)
    .openapi(P.listMembersRoute, PH.listMembersHandler)
    .openapi(P.addMemberRoute, PH.addMemberHandler)
    .openapi(P.changeMemberRoute, PH.changeMemberHandler)
    .openapi(P.removeMemberRoute, PH.removeMemberHandler)
    .openapi(S.statusRoute, SH.statusHandler)
    .openapi(S.getFlowRoute, SH.getFlowHandler)
    .openapi(S.putFlowRoute, SH.putFlowHandler)
    .openapi(T.prioritiesRoute, TH.prioritiesHandler)
    .openapi(T.listTasksRoute, TH.listTasksHandler)
    .openapi(T.createTaskRoute, TH.createTaskHandler)
    .openapi(T.getTaskRoute, TH.getTaskHandler)
    .openapi(T.updateTaskRoute, TH.updateTaskHandler)
    .openapi(T.deleteTaskRoute, TH.deleteTaskHandler)
    .openapi(T.watchTaskRoute, TH.watchTaskHandler)
    .openapi(T.unwatchTaskRoute, TH.unwatchTaskHandler)
    .openapi(A.listAttachmentsRoute, AH.listAttachmentsHandler)
    .openapi(A.downloadAttachmentRoute, AH.downloadAttachmentHandler)
    .openapi(A.deleteAttachmentRoute, AH.deleteAttachmentHandler)
    .openapi(C.listCommentsRoute, CH.listCommentsHandler)
    .openapi(C.createCommentRoute, CH.createCommentHandler)
    .openapi(C.updateCommentRoute, CH.updateCommentHandler)
    .openapi(C.deleteCommentRoute, CH.deleteCommentHandler)
    .openapi(R.progressRoute, RH.progressHandler)
    .openapi(R.distributionRoute, RH.distributionHandler)
    .openapi(R.workloadRoute, RH.workloadHandler)
    .openapi(F.projectActivityRoute, FH.projectActivityHandler)
    .openapi(F.activityLogRoute, FH.activityLogHandler)
    .openapi(F.getPreferencesRoute, FH.getPreferencesHandler)
    .openapi(F.putPreferencesRoute, FH.putPreferencesHandler)
    .openapi(F.noticesRoute, FH.noticesHandler);
  // The upload body is a stream read by the Documents service, so zod must not parse it: the
  // route is documented from its createRoute object and served by a plain handler.
  api.openAPIRegistry.registerPath(A.uploadAttachmentsRoute);
  api.post(
    "/tasks/:id/attachments",
    ...A.uploadAttachmentsRoute.middleware,
    AH.uploadAttachmentsHandler,
  );
  api.route(
    "/",
    translationsApi("projects", { read: "projects.project.read", write: TRANSLATIONS_WRITE }),
  );
  return api;
}
