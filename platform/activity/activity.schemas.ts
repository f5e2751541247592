/** The shapes of the activity log (views take them from here, not from the service or repo). */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
/** A shallow diff: each changed field with its value before and after. */
export type Changes = Record<string, { from: Json; to: Json }>;

export interface ActivityEntry {
  id: string;
  occurredAt: string;
  /** null: the platform itself (jobs, schedules). */
  actorId: string | null;
  actorName: string | null;
  actorEmail: string | null;
  module: string;
  entityType: string;
  entityId: string;
  action: string;
  summary: string;
  changes: Changes;
  before: Record<string, Json> | null;
  after: Record<string, Json> | null;
  requestId: string | null;
  /** The client's address when the line was recorded (identity audit lines), else null. */
  address?: string | null;
}

export interface NewActivity {
  module: string;
  entityType: string;
  entityId: string;
  action: string;
  summary: string;
  changes: Changes;
  before: Json;
  after: Json;
  /** The client's address (identity audit lines); null elsewhere. */
  address?: string | null;
}

/** Filters of a listing. `from` is inclusive, `to` exclusive (ISO 8601 timestamps). */
export interface ActivityFilter {
  module?: string;
  entityType?: string;
  entityId?: string;
  /** A user's id, or null for the platform's own lines (jobs, schedules). */
  actorId?: string | null;
  action?: string;
  from?: string;
  to?: string;
}
