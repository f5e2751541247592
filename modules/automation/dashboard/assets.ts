import { registerAsset } from "../../../ui/assets.ts";

// The dashboard's facts list and error wrapping, the notifications list (CSP: no inline styles).
registerAsset(
  "automation-dashboard.css",
  new URL("../assets/automation-dashboard.css", import.meta.url),
);
