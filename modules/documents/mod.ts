import { entries } from "../../platform/placeholder/public.tsx";
import type { ModuleManifest } from "../../shared/modules.ts";
import { documentsApi } from "./api.ts";
import { documentsPages, publicPages } from "./pages.ts";
import { documentsJobs, sweepPartialUploads } from "./jobs.ts";
import { documentsEvents } from "./events.ts";
import { searchDocuments } from "./search/search.service.ts";
import { documentsHome } from "./home/home.pages.tsx";
import "./messages.ts";
import { storage } from "./storage/storage.ts";

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
  api: documentsApi(),
  pages: documentsPages(),
  rootPages: publicPages(),
  jobs: documentsJobs,
  // Uploads a crash cut short are swept at every start, not only by the hourly job.
  init: async (platform) => {
    storage(platform.config);
    await sweepPartialUploads();
  },
  events: documentsEvents,
  search: searchDocuments,
  home: documentsHome,
  // Public links: the token is the credential; everything else needs a session.
  publicPaths: [/^\/api\/documents\/public-share\/[^/]+$/, /^\/s\/[^/]+$/],
  // File bytes flow here: no request transaction, no global body limit.
  streamingPaths: [
    /^\/api\/documents\/files\/upload$/,
    /^\/api\/documents\/files\/bulk$/,
    new RegExp(`^/api/documents/files/${FILE}/(download|preview|versions)$`),
    /^\/api\/documents\/public-share\/[^/]+$/,
    new RegExp(`^/documents/files/${FILE}/version$`),
    /^\/documents\/upload$/,
    /^\/documents\/bulk$/,
    /^\/s\/[^/]+$/,
  ],
};
