import { entries, type ModuleManifest } from "../../shared/modules.ts";
import { apiRouter, pageRouter } from "../../shared/http/router.ts";
import { registerAsset } from "../../ui/assets.ts";
import { mountFiles } from "./files/files.handlers.ts";
import { mountFolders } from "./folders/folders.handlers.ts";
import { mountSearch } from "./search/search.handlers.ts";
import { mountFulltext } from "./fulltext/fulltext.handlers.ts";
import { mountShares } from "./shares/shares.handlers.ts";
import { mountDrops } from "./drops/drops.handlers.ts";
import { DROP_PAGE, DROP_UPLOAD, dropPublicPages, mountDropPages } from "./drops/drops.pages.tsx";
import { mountTrash } from "./trash/trash.handlers.ts";
import { mountAudit } from "./audit/audit.handlers.ts";
import { mountTags } from "./tags/tags.handlers.ts";
import { mountFavourites } from "./favourites/favourites.handlers.ts";
import { mountComments } from "./comments/comments.handlers.ts";
import { mountTagPages } from "./tags/tags.pages.tsx";
import { mountFavouritePages } from "./favourites/favourites.pages.tsx";
import { mountCommentPages } from "./comments/comments.pages.tsx";
import { mountDashboardPages } from "./stats/stats.pages.tsx";
import { mountFilePages } from "./files/files.pages.tsx";
import { mountFolderPages } from "./folders/folders.pages.tsx";
import { mountSharePages } from "./shares/shares.pages.tsx";
import { mountTrashPages } from "./trash/trash.pages.tsx";
import { mountSettingsPages } from "./settings/settings.pages.tsx";
import { mountActivityPages } from "./audit/activity.pages.tsx";
import { mountNotificationPages } from "./notifications/notifications.pages.tsx";
import { publicPages } from "./shares/public.pages.tsx";
import { mountLockApi, mountWebdav } from "./webdav/webdav.handlers.ts";
import { mountUploads } from "./uploads/uploads.handlers.ts";
import { uploadJobs } from "./uploads/uploads.service.ts";
import { mountLockPages } from "./webdav/webdav.pages.tsx";
import "./webdav/webdav.messages.ts";
import { documentsJobs, sweepPartialUploads } from "./storage/maintenance.service.ts";
import { fulltextJobs } from "./fulltext/fulltext.job.service.ts";
import { thumbnailJobs } from "./thumbnails/thumbnails.job.service.ts";
import { mountThumbnails } from "./thumbnails/thumbnails.handlers.ts";
import "./thumbnails/thumbnails.messages.ts";
import { documentsEvents } from "./events.ts";
import { searchDocuments } from "./search/search.service.ts";
import { documentsHome } from "./home/home.pages.tsx";
import "./common/common.messages.ts";
import "./files/files.messages.ts";
import "./fulltext/fulltext.messages.ts";
import "./folders/folders.messages.ts";
import "./shares/shares.messages.ts";
import "./drops/drops.messages.ts";
import "./trash/trash.messages.ts";
import "./stats/stats.messages.ts";
import "./settings/settings.messages.ts";
import "./audit/audit.messages.ts";
import "./notifications/notifications.messages.ts";
import "./home/home.messages.ts";
import "./tags/tags.messages.ts";
import "./favourites/favourites.messages.ts";
import "./comments/comments.messages.ts";
import "./uploads/uploads.messages.ts";
import { storage } from "./storage/storage.lib.ts";
import { registerMailAttachmentSource } from "../../platform/notifications/public.ts";
import { attachmentBytes } from "./attachments/attachments.owners.service.ts";

registerAsset("documents.js", new URL("./assets/documents.js", import.meta.url));
registerAsset("documents.css", new URL("./assets/documents.css", import.meta.url));
registerAsset(
  "documents-thumbnails.css",
  new URL("./assets/documents-thumbnails.css", import.meta.url),
);
registerAsset("documents-uploads.js", new URL("./assets/documents-uploads.js", import.meta.url));
registerAsset("documents-uploads.css", new URL("./assets/documents-uploads.css", import.meta.url));
registerAsset(
  "tus.min.js",
  new URL("../../node_modules/tus-js-client/dist/tus.min.js", import.meta.url),
);
// Outgoing e-mail (Support's replies) names attachments by file id; the sender reads them here.
registerMailAttachmentSource("documents", attachmentBytes);

const perms = ["file", "folder", "share", "audit"]
  .flatMap((r) => [`documents.${r}.read`, `documents.${r}.write`]);

const FILE = "[0-9a-fA-F-]{36}";

const menu = entries("documents", [
  ["dashboard", "", "documents.file.read"],
  ["files", "/files", "documents.file.read"],
  ["folders", "/folders", "documents.folder.read"],
  ["trash", "/trash", "documents.file.write"],
  ["activityLog", "/activity", "documents.audit.read"],
  ["notifications", "/notifications", "documents.file.read"],
  ["settings", "/settings", "documents.settings.write"],
]);

/** Members and agents work files, folders and shares; settings stay with administrators. */
const WORKING_GRANTS = ["documents.file.*", "documents.folder.*", "documents.share.*"];

export const documents: ModuleManifest = {
  name: "documents",
  labelKey: "module.documents",
  icon: "folder-open",
  permissions: [...perms, "documents.settings.write"],
  grants: { agent: WORKING_GRANTS, member: WORKING_GRANTS },
  menu,
  // The JSON API, mounted at /api/documents (fixed paths before `{id}` ones).
  api: apiRouter([
    mountFiles,
    mountFolders,
    mountSearch,
    mountFulltext,
    mountThumbnails,
    mountShares,
    mountDrops,
    mountTrash,
    mountAudit,
    mountTags,
    mountFavourites,
    mountComments,
    mountLockApi,
    mountUploads,
  ]),
  // The module's pages, mounted at /documents.
  pages: pageRouter([
    mountFilePages,
    mountFolderPages,
    mountSharePages,
    mountDropPages,
    mountTagPages,
    mountFavouritePages,
    mountCommentPages,
    mountDashboardPages,
    mountSettingsPages,
    mountTrashPages,
    mountActivityPages,
    mountNotificationPages,
    mountLockPages,
  ]),
  // /s/:token, the public view of a share (no session).
  // /dav/<workspace>/…: WebDAV, raw routes (its methods are not OpenAPI's).
  rootPages: mountWebdav(publicPages().route("/", dropPublicPages())),
  jobs: [...documentsJobs, ...fulltextJobs, ...uploadJobs, ...thumbnailJobs],
  // Uploads a crash cut short are swept at every start, not only by the hourly job.
  init: async (platform) => {
    storage(platform.config);
    await sweepPartialUploads({ sql: platform.db.sql, bus: platform.bus });
  },
  events: documentsEvents,
  search: searchDocuments,
  home: documentsHome,
  // Public links: the token is the credential; everything else needs a session.
  publicPaths: [/^\/api\/documents\/public-share\/[^/]+$/, /^\/s\/[^/]+$/, DROP_PAGE, DROP_UPLOAD],
  // WebDAV clients sign in with Basic and an API token; errors are bare statuses.
  basicAuthPaths: [/^\/dav(\/|$)/],
  // File bytes flow here: no request transaction, no global body limit.
  streamingPaths: [
    /^\/api\/documents\/files\/upload$/,
    /^\/api\/documents\/files\/bulk$/,
    /^\/api\/documents\/uploads(\/[^/]+)?$/,
    new RegExp(`^/api/documents/files/${FILE}/(download|preview|versions)$`),
    /^\/api\/documents\/public-share\/[^/]+$/,
    new RegExp(`^/documents/files/${FILE}/version$`),
    /^\/documents\/upload$/,
    /^\/documents\/bulk$/,
    /^\/s\/[^/]+$/,
    DROP_UPLOAD,
    /^\/dav(\/|$)/,
  ],
  // Shares with a password: its hash is made before the request's transaction opens.
  passwordRoutes: [
    { path: /^\/api\/documents\/sharing$/, spare: false },
    { path: /^\/documents\/(files|folders)\/[^/]+\/share$/, spare: false },
    { path: /^(\/api)?\/documents\/folders\/[^/]+\/drops$/, spare: false },
  ],
};
