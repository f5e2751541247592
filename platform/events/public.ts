/** The events bus: publish a declared event; the job names (tests drain them). */
export {
  DELIVER_EVENT_JOB,
  eventPublisher,
  type Publish,
  publish,
  RULES_DISPATCH_JOB,
} from "./events.service.ts";
