/**
 * The designer's and diagram viewer's browser files, served from our origin under
 * /assets/workflow/. The bundles are built at start-up when missing or stale (mod.ts awaits this
 * at load: the server answers only once they exist, so a first request never finds half a file).
 */
import { registerAsset } from "../../../ui/assets.ts";
import { ensureWorkflowAssets, FONTS, OUT_DIR, OUTPUTS } from "./designer.build.lib.ts";

/** Builds the bundles when needed and registers them (called once, from mod.ts). */
export async function registerDesignerAssets(): Promise<void> {
  await ensureWorkflowAssets();
  for (const name of OUTPUTS) registerAsset(`workflow/${name}`, new URL(name, OUT_DIR));
  for (const [name, file] of Object.entries(FONTS)) registerAsset(`workflow/${name}`, file);
}

/** Addresses the pages link to. */
export const DESIGNER_JS = "/assets/workflow/designer.js";
export const DESIGNER_CSS = "/assets/workflow/designer.css";
export const VIEWER_JS = "/assets/workflow/viewer.js";
export const VIEWER_CSS = "/assets/workflow/viewer.css";
