/**
 * The shared activity log: record changes, list them, and show them as a timeline in people's
 * words (HistoryLabels: localized verbs, field labels, values as labels, members by name).
 */
export {
  type ActivityEntry,
  type ActivityFilter,
  type Changes,
  diffObjects,
  type Json,
  listActivity,
  peopleNames,
  recordActivity,
  type RecordInput,
} from "./activity.service.ts";
export {
  defaultHistoryLabels,
  GENERIC_ACTIONS,
  type HistoryLabels,
  historyLabels,
  type HistoryLabelSpec,
  plainValue,
} from "./activity.labels.lib.ts";
export {
  type ActivityAnswer,
  activityAnswer,
  activityRoutes,
  type ActivityRoutesOptions,
  activityTimeline,
  entityHistory,
  type EntityHistoryOptions,
  historyLabelsFor,
  readFilters,
} from "./activity.pages.tsx";
export {
  ActivityItem,
  ActivityItems,
  ActivityList,
  ActivityPage,
  EntityHistory,
  timelineEntry,
} from "./activity.view.tsx";
