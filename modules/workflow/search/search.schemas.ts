/** What the workflow search finds (instances by name or business key, tasks by name). */
export interface ProcessHit {
  id: string;
  name: string;
  businessKey: string | null;
  state: string;
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
