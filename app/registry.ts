import type { ModuleManifest, PlatformFeature } from "../shared/modules.ts";
import { support } from "../modules/support/mod.ts";
import { workflow } from "../modules/workflow/mod.ts";
import { documents } from "../modules/documents/mod.ts";
import { analytics } from "../modules/analytics/mod.ts";
import { projects } from "../modules/projects/mod.ts";
import { automation } from "../modules/automation/mod.ts";
import { identity } from "../platform/identity/mod.ts";
import { backup } from "../platform/backup/mod.ts";
import { notifications } from "../platform/notifications/mod.ts";
import { search } from "../platform/search/mod.ts";
import { activity } from "../platform/activity/mod.ts";
import { translations } from "../platform/translations/mod.ts";
import { events } from "../platform/events/mod.ts";

/** Every module of the product, in menu order. Adding a module is one line here. */
export const MODULES: ModuleManifest[] = [
  support,
  workflow,
  documents,
  analytics,
  projects,
  automation,
];

/**
 * The built-in platform features, in mount order (their routers are mounted before the modules',
 * in this order). Identity also fills the signed-in steps of the request path (app/middleware.ts).
 */
export const PLATFORM: PlatformFeature[] = [
  identity,
  backup,
  notifications,
  search,
  activity,
  translations,
  events,
];

/** Identity, for the request path's steps it provides. */
export { identity };
