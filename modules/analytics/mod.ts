import { entries, placeholderModule } from "../../platform/placeholder/public.tsx";

const perms = ["app", "sheet", "model", "query"]
  .flatMap((r) => [`analytics.${r}.read`, `analytics.${r}.write`]);

export const analytics = placeholderModule({
  name: "analytics",
  icon: "chart-column",
  permissions: perms,
  menu: entries("analytics", [
    ["applications", "/apps", "analytics.app.read"],
    ["sheets", "/sheets", "analytics.sheet.read"],
    ["dashboard", "/dashboard", "analytics.sheet.read"],
    ["analytics", "/explore", "analytics.query.read"],
  ]),
});
