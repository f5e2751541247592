/**
 * The component kit: every page imports what it draws from here. One component per file
 * beside this one; see ui/README.md for how to build a page.
 */
export { Icon } from "./icon.tsx";
export { Button, type ButtonVariant, IconButton } from "./button.tsx";
export { Badge, STATE_TONES, StateBadge, type Tone } from "./badge.tsx";
export { Card, Grid } from "./card.tsx";
export { type Crumb, PageHeader } from "./page-header.tsx";
export { type Column, DataTable, type TableSort } from "./data-table.tsx";
export { Field, Filters } from "./filters.tsx";
export { SubmitRow } from "./form-actions.tsx";
export { Tabs } from "./tabs.tsx";
export { Dialog } from "./dialog.tsx";
export { type Flash, FlashMessage, Toast } from "./toast.tsx";
export { Kpi } from "./kpi.tsx";
export { Chart, ChartCard } from "./chart-card.tsx";
export { initials, UserChip } from "./user-chip.tsx";
export { DateTime, RelativeTime } from "./relative-time.tsx";
export { TextWithTimes } from "./text-with-times.tsx";
export { EmptyState } from "./empty-state.tsx";
export { Skeleton, Spinner } from "./skeleton.tsx";
export { Timeline, type TimelineChange, type TimelineEntry } from "./timeline.tsx";
export {
  formatBytes,
  formatDate,
  formatDateTime,
  formatMonth,
  formatNumber,
  formatRelative,
  formatTimesIn,
} from "./format.ts";
export { moduleLabel, type Translate, useReader, useT } from "./context.ts";
export { html, page, type PageOptions, tr } from "./render.tsx";
