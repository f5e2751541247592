/**
 * The events bus: publishing (events.service.ts) and the jobs that hand every published event to
 * its handlers. Who handles what is said in one place: `eventHandlers` in events.service.ts.
 */
import type { PlatformFeature } from "../../shared/modules.ts";
import { busEvents } from "./events.ts";
import { eventJobs } from "./events.service.ts";

export const events = {
  name: "events",
  events: busEvents,
  jobs: ({ modules, features }) => eventJobs(modules, features),
} satisfies PlatformFeature;
