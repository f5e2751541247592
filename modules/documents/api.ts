import { createRouter } from "../../shared/http/router.ts";
import { mountFiles } from "./files/files.handlers.ts";
import { mountFolders } from "./folders/folders.handlers.ts";
import { mountSearch } from "./search/search.handlers.ts";
import { mountShares } from "./shares/shares.handlers.ts";
import { mountTrash } from "./trash/trash.handlers.ts";
import { mountAudit } from "./audit/audit.handlers.ts";

/** The JSON API, mounted at /api/documents (fixed paths before `{id}` ones). */
export function documentsApi() {
  const app = createRouter();
  for (
    const mount of [mountFiles, mountFolders, mountSearch, mountShares, mountTrash, mountAudit]
  ) mount(app);
  return app;
}
