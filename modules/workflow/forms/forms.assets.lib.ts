/**
 * The form editor's and viewer's browser files, served from our origin under
 * /assets/workflow/forms/: form-js's own UMD bundles and style sheets as installed (no build
 * step), and our glue scripts. form-js's telemetry stays off (IBM_TELEMETRY_DISABLED is a
 * package install-time switch; the browser bundles send nothing on their own).
 */
import { registerAsset } from "../../../ui/assets.ts";

const pkg = (path: string) =>
  new URL(`../../../node_modules/@bpmn-io/form-js/dist/${path}`, import.meta.url);
const here = (path: string) => new URL(`./client/${path}`, import.meta.url);

const FILES: Record<string, URL> = {
  "form-editor.umd.js": pkg("form-editor.umd.js"),
  "form-viewer.umd.js": pkg("form-viewer.umd.js"),
  "form-js.css": pkg("assets/form-js.css"),
  "form-js-editor.css": pkg("assets/form-js-editor.css"),
  "properties-panel.css": pkg("assets/properties-panel.css"),
  "forms-editor.js": here("forms-editor.js"),
  "forms-viewer.js": here("forms-viewer.js"),
  "forms.css": here("forms.css"),
};
/** Registers the form files (called once, from mod.ts). */
export function registerFormAssets(): void {
  for (const [name, file] of Object.entries(FILES)) registerAsset(`workflow/forms/${name}`, file);
}

const at = (name: string) => `/assets/workflow/forms/${name}`;
/** Addresses the pages link to (the glue loads the matching UMD bundle itself). */
export const FORM_ASSETS = {
  editorJs: at("forms-editor.js"),
  viewerJs: at("forms-viewer.js"),
  editorUmd: at("form-editor.umd.js"),
  viewerUmd: at("form-viewer.umd.js"),
  css: [at("form-js.css"), at("forms.css")],
  editorCss: [
    at("form-js.css"),
    at("form-js-editor.css"),
    at("properties-panel.css"),
    at("forms.css"),
  ],
};
