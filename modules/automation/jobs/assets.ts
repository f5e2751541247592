import { registerAsset } from "../../../ui/assets.ts";

// The job form's trigger groups (CSS only) and the copy buttons of the webhook card.
registerAsset("automation-jobs.css", new URL("../assets/jobs.css", import.meta.url));
registerAsset("automation-jobs.js", new URL("../assets/jobs.js", import.meta.url));
