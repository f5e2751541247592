import type { ModuleManifest } from "../shared/modules.ts";
import { support } from "./support/mod.ts";
import { workflow } from "./workflow/mod.ts";
import { documents } from "./documents/mod.ts";
import { analytics } from "./analytics/mod.ts";
import { projects } from "./projects/mod.ts";
import { automation } from "./automation/mod.ts";

/** Every module of the product, in menu order. Adding a module is one line here. */
export const MODULES: ModuleManifest[] = [
  support,
  workflow,
  documents,
  analytics,
  projects,
  automation,
];
