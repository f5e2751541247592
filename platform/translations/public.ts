/**
 * Per-tenant interface texts: a module's translations API, the one editor under administration
 * (and the redirects from the modules' former pages), and the request's overrides.
 */
export { mountTranslations, translationsApi } from "./translations.handlers.ts";
export {
  adminTranslationsPages,
  TRANSLATIONS_PATH,
  TRANSLATIONS_READ,
  type TranslationsPageOptions,
  translationsPages,
} from "./translations.pages.tsx";
export { loadTenantOverrides } from "./translations.cache.service.ts";
