/**
 * The tabs of a project's page, in order. The first ones are views of the project page itself
 * (`?view=`); planning features add their own page under the project's path (`/timeline`, …)
 * and list it here, so every project page shows the same tabs.
 */
export const PROJECT_TABS = [
  { key: "board", path: "?view=board" },
  { key: "list", path: "?view=list" },
  { key: "calendar", path: "/calendar" },
  { key: "timeline", path: "/timeline" },
  { key: "milestones", path: "/milestones" },
  { key: "cycles", path: "/cycles" },
  { key: "activity", path: "?view=activity" },
  { key: "members", path: "?view=members" },
  { key: "flow", path: "?view=flow" },
  { key: "fields", path: "/fields" },
] as const;

export type ProjectTab = (typeof PROJECT_TABS)[number]["key"];

/** The kit's Tabs items for a project, `current` marked. */
export function projectTabItems(
  projectId: string,
  current: string,
  label: (key: ProjectTab) => string,
) {
  const base = `/projects/projects/${projectId}`;
  return PROJECT_TABS.map((tab) => ({
    href: `${base}${tab.path}`,
    label: label(tab.key),
    current: tab.key === current,
  }));
}
