/** The global search: each module's search provider behind one API and one page. */
import type { PlatformFeature } from "../../shared/modules.ts";
import { apiRouter } from "../../shared/http/router.ts";
import { searchEvents } from "./events.ts";
import { mountSearch } from "./search.handlers.ts";
import { searchPages } from "./search.pages.tsx";

export const search = {
  name: "search",
  api: [["/api/search", apiRouter([mountSearch])]],
  pages: [["/search", searchPages]],
  events: searchEvents,
} satisfies PlatformFeature;
