/** The shared activity log: record changes, list them, and show them as a timeline. */
export {
  type ActivityEntry,
  type ActivityFilter,
  type Changes,
  diffObjects,
  type Json,
  listActivity,
  recordActivity,
  type RecordInput,
} from "./activity.service.ts";
export {
  activityRoutes,
  type ActivityRoutesOptions,
  entityHistory,
  type EntityHistoryOptions,
  readFilters,
} from "./activity.pages.tsx";
export {
  ActivityItem,
  ActivityItems,
  ActivityList,
  ActivityPage,
  EntityHistory,
} from "./activity.view.tsx";
