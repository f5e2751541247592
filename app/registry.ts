import type { ModuleManifest } from "../shared/modules.ts";
import { support } from "../modules/support/mod.ts";
import { workflow } from "../modules/workflow/mod.ts";
import { documents } from "../modules/documents/mod.ts";
import { analytics } from "../modules/analytics/mod.ts";
import { projects } from "../modules/projects/mod.ts";
import { automation } from "../modules/automation/mod.ts";

/** Every module of the product, in menu order. Adding a module is one line here. */
export const MODULES: ModuleManifest[] = [
  support,
  workflow,
  documents,
  analytics,
  projects,
  automation,
];
