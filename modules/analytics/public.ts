/**
 * What other modules may use of Analytics: nothing yet — it reads their data through its own
 * RLS-protected dataset views and listens to their domain events for live refresh. Its events
 * catalog is empty.
 */
export { analyticsEvents } from "./events.ts";
