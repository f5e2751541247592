/** The dashboard's browser files: gridstack from its package, our script and styles. */
import { registerAsset } from "../../../ui/assets.ts";

const pkg = (path: string) => new URL(`../../../node_modules/${path}`, import.meta.url);
registerAsset("gridstack-all.js", pkg("gridstack/dist/gridstack-all.js"));
registerAsset("gridstack.min.css", pkg("gridstack/dist/gridstack.min.css"));
registerAsset("analytics-dashboard.js", new URL("./client/dashboard.js", import.meta.url));
registerAsset("analytics-dashboard.css", new URL("./client/dashboard.css", import.meta.url));
