/** What the workflow search finds (instances by name, business key or variable values; tasks). */
import type { InstanceState } from "../instances/instances.schemas.ts";

export interface ProcessHit {
  id: string;
  name: string;
  businessKey: string | null;
  state: InstanceState;
  definitionName: string;
  startedAt: string;
}

export interface TaskHit {
  id: string;
  name: string;
  state: string;
  instanceName: string | null;
  assigneeName: string | null;
  createdAt: string;
}

/**
 * The search form: free text (names, business keys and variable values) narrowed by definition,
 * assignee, a day range, and one variable that must hold a given value.
 */
export interface SearchCriteria {
  q: string;
  definitionId?: string;
  assignee?: string;
  /** Days (YYYY-MM-DD) as the date inputs give them, inclusive. */
  from?: string;
  to?: string;
  variable?: string;
  value?: string;
}
