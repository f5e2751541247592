/**
 * The shared activity log: modules record their changes and mount its timeline pages
 * (activityRoutes, entityHistory) themselves, through public.ts.
 */
import "./activity.messages.ts";
import type { PlatformFeature } from "../../shared/modules.ts";
import { activityEvents } from "./events.ts";

export const activity = {
  name: "activity",
  events: activityEvents,
} satisfies PlatformFeature;
