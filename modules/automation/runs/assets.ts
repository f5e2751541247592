import { registerAsset } from "../../../ui/assets.ts";

// The live run updates (EventSource → `automation-run` events, the run page's log).
registerAsset(
  "automation-live.js",
  new URL("../assets/automation-live.js", import.meta.url),
);
registerAsset("automation-runs.css", new URL("../assets/automation-runs.css", import.meta.url));
