/**
 * Per-tenant interface texts. Mounted by the modules (mountTranslations) and by identity's
 * administration pages (adminTranslationsPages); the session step applies the overrides.
 */
import "./translations.messages.ts";
import type { PlatformFeature } from "../../shared/modules.ts";
import { translationsEvents } from "./events.ts";

export const translations = {
  name: "translations",
  events: translationsEvents,
} satisfies PlatformFeature;
