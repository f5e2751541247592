import { entries, placeholderModule } from "../../platform/placeholder/public.tsx";
import { TRANSLATIONS_WRITE } from "../../shared/rbac/permissions.ts";

const perms = ["agent", "job", "settings"]
  .flatMap((r) => [`automation.${r}.read`, `automation.${r}.write`]);

export const automation = placeholderModule({
  name: "automation",
  icon: "bot",
  permissions: perms,
  translations: { read: "automation.settings.read", write: TRANSLATIONS_WRITE },
  menu: entries("automation", [
    ["dashboard", "", "automation.job.read"],
    ["agents", "/agents", "automation.agent.read"],
    ["jobs", "/jobs", "automation.job.read"],
    ["jobHistory", "/jobs/history", "automation.job.read"],
    ["notifications", "/notifications", "automation.job.read"],
    ["activityLog", "/activity", "automation.job.read"],
    ["settings", "/settings", "automation.settings.read"],
    ["translations", "/translations", "automation.settings.read"],
  ]),
});
