import { createRouter } from "../../shared/http/router.ts";
import * as files from "./files/files.handlers.ts";
import * as fileRoutes from "./files/files.routes.ts";
import * as folders from "./folders/folders.handlers.ts";
import * as folderRoutes from "./folders/folders.routes.ts";
import * as shares from "./shares/shares.handlers.ts";
import * as shareRoutes from "./shares/shares.routes.ts";
import * as trash from "./trash/trash.handlers.ts";
import * as trashRoutes from "./trash/trash.routes.ts";
import * as audit from "./audit/audit.handlers.ts";
import * as auditRoutes from "./audit/audit.routes.ts";
import { searchRoute } from "./search/search.routes.ts";
import { searchHandler } from "./search/search.handlers.ts";

/** The JSON API, mounted at /api/documents. */
export function documentsApi() {
  return createRouter()
    .openapi(fileRoutes.uploadRoute, files.upload)
    .openapi(fileRoutes.bulkRoute, files.bulk)
    .openapi(fileRoutes.listFilesRoute, files.list)
    .openapi(fileRoutes.getFileRoute, files.get)
    .openapi(fileRoutes.patchFileRoute, files.patch)
    .openapi(fileRoutes.deleteFileRoute, files.remove)
    .openapi(fileRoutes.downloadRoute, files.download)
    .openapi(fileRoutes.previewRoute, files.preview)
    .openapi(fileRoutes.listVersionsRoute, files.listVersions)
    .openapi(fileRoutes.uploadVersionRoute, files.newVersion)
    .openapi(fileRoutes.restoreVersionRoute, files.revertVersion)
    .openapi(fileRoutes.fileHistoryRoute, files.history)
    .openapi(folderRoutes.folderTreeRoute, folders.tree)
    .openapi(folderRoutes.createFolderRoute, folders.create)
    .openapi(folderRoutes.getFolderRoute, folders.get)
    .openapi(folderRoutes.patchFolderRoute, folders.patch)
    .openapi(folderRoutes.deleteFolderRoute, folders.remove)
    .openapi(folderRoutes.getPermissionsRoute, folders.permissions)
    .openapi(folderRoutes.putPermissionsRoute, folders.putPermissions)
    .openapi(searchRoute, searchHandler)
    .openapi(shareRoutes.createShareRoute, shares.create)
    .openapi(shareRoutes.listSharesRoute, shares.list)
    .openapi(shareRoutes.getShareRoute, shares.get)
    .openapi(shareRoutes.revokeShareRoute, shares.remove)
    .openapi(shareRoutes.publicShareRoute, shares.publicShare)
    .openapi(trashRoutes.listTrashRoute, trash.list)
    .openapi(trashRoutes.emptyTrashRoute, trash.empty)
    .openapi(trashRoutes.restoreRoute, trash.restoreItem)
    .openapi(trashRoutes.purgeRoute, trash.purgeItem)
    .openapi(auditRoutes.auditRoute, audit.auditList)
    .openapi(auditRoutes.userActivityRoute, audit.report)
    .openapi(auditRoutes.statsRoute, audit.statsHandler)
    .openapi(auditRoutes.getSettingsRoute, audit.getSettings)
    .openapi(auditRoutes.putSettingsRoute, audit.putSettings);
}
