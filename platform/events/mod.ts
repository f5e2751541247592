/**
 * The events bus: publishing to the domain event log (events.service.ts) and its readers, which
 * run on every instance that runs jobs. Who handles what is said in one place:
 * `eventSubscribers` in events.service.ts.
 */
import type { PlatformFeature } from "../../shared/modules.ts";
import { busEvents } from "./events.ts";
import { platformEventReader } from "./events.reader.service.ts";

export const events = {
  name: "events",
  events: busEvents,
  background: (platform) => {
    const reader = platformEventReader(platform);
    reader.start();
    return () => reader.stop();
  },
} satisfies PlatformFeature;
