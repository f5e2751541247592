/** Per-tenant interface texts: a module's translations API and page, and the request's overrides. */
export { translationsApi } from "./translations.handlers.ts";
export { type TranslationsPageOptions, translationsPages } from "./translations.pages.tsx";
export { loadTenantOverrides } from "./translations.cache.ts";
