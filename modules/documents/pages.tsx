import { Hono } from "hono";
import type { AppEnv } from "../../shared/http/env.ts";
import { registerAsset } from "../../ui/assets.ts";
import { bulkPage, filesPages } from "./pages/files.pages.tsx";
import { otherPages } from "./pages/other.pages.tsx";

registerAsset("documents.js", new URL("./assets/documents.js", import.meta.url));
registerAsset("documents.css", new URL("./assets/documents.css", import.meta.url));

/** The module's pages, mounted at /documents. */
export function documentsPages(): Hono<AppEnv> {
  return new Hono<AppEnv>().route("/", filesPages()).route("/", bulkPage()).route(
    "/",
    otherPages(),
  );
}

export { publicPages } from "./pages/public.pages.tsx";
