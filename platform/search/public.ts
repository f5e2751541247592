/** The global search: its API (mounted at /api/search) and its page (mounted at /search). */
export { searchApi } from "./search.handlers.ts";
export { searchPages } from "./search.pages.tsx";
