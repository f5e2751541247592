/**
 * The records of the Automation module as its features hand them to each other (camelCase of
 * the columns in migrations/0013_automation.sql). API schemas live in each feature's schemas file.
 */
export const AGENT_KINDS = ["script", "http", "platform", "email"] as const;
export type AgentKind = typeof AGENT_KINDS[number];
/** Spec values: enabled, disabled, failing. Labels are translated; values never are. */
export const AGENT_STATES = ["aktif", "pasif", "hata"] as const;
export type AgentState = typeof AGENT_STATES[number];

export const TRIGGER_KINDS = ["cron", "once", "interval", "manual", "event", "webhook"] as const;
export type TriggerKind = typeof TRIGGER_KINDS[number];
/** What started a run: a job's trigger, or a test run from the agent page. */
export type RunTrigger = TriggerKind | "test";

export const CONCURRENCY_POLICIES = ["allow", "skip", "queue", "replace"] as const;
export type ConcurrencyPolicy = typeof CONCURRENCY_POLICIES[number];
export const CATCHUP_POLICIES = ["none", "latest", "all"] as const;
export type CatchupPolicy = typeof CATCHUP_POLICIES[number];

export const RUN_STATUSES = [
  "queued",
  "running",
  "succeeded",
  "failed",
  "timed_out",
  "cancelled",
  "skipped",
] as const;
export type RunStatus = typeof RUN_STATUSES[number];
export const FINISHED_STATUSES: RunStatus[] = [
  "succeeded",
  "failed",
  "timed_out",
  "cancelled",
  "skipped",
];

export interface AgentRecord {
  id: string;
  name: string;
  description: string;
  kind: AgentKind;
  state: AgentState;
  config: Record<string, unknown>;
  code: string;
  grants: string[];
  version: number;
  template: string | null;
  consecutiveFailures: number;
  lastError: string | null;
  lastRunAt: string | null;
  lastStatus: string | null;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface JobRecord {
  id: string;
  name: string;
  description: string;
  agentId: string;
  triggerKind: TriggerKind;
  cron: string | null;
  timezone: string | null;
  runAt: string | null;
  intervalSeconds: number | null;
  event: string | null;
  webhookSecretHash: string | null;
  input: Record<string, unknown>;
  priority: number;
  timeoutSeconds: number | null;
  maxAttempts: number;
  backoffSeconds: number;
  concurrency: ConcurrencyPolicy;
  catchup: CatchupPolicy;
  catchupLimit: number;
  notifyOnFailure: boolean;
  enabled: boolean;
  nextRunAt: string | null;
  lastFiredAt: string | null;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface RunRecord {
  id: string;
  jobId: string | null;
  agentId: string;
  agentVersion: number;
  trigger: RunTrigger;
  occurrence: string | null;
  status: RunStatus;
  attempt: number;
  maxAttempts: number;
  queueJobId: string | null;
  input: unknown;
  result: unknown;
  error: string | null;
  log: string;
  logTruncated: boolean;
  cancelRequested: boolean;
  worker: string | null;
  heartbeatAt: string | null;
  queuedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  durationMs: number | null;
  createdBy: string | null;
}

export interface AutomationSettings {
  concurrency: number;
  defaultTimeoutSeconds: number;
  memoryMb: number;
  logCapKb: number;
  logRetentionDays: number;
  historyRetentionDays: number;
  allowlist: string[];
  failureThreshold: number;
  recipients: string[];
  notifyEmail: boolean;
  minIntervalSeconds: number;
  backlogThreshold: number;
}

export const DEFAULT_SETTINGS: AutomationSettings = {
  concurrency: 2,
  defaultTimeoutSeconds: 60,
  memoryMb: 128,
  logCapKb: 256,
  logRetentionDays: 14,
  historyRetentionDays: 90,
  allowlist: [],
  failureThreshold: 3,
  recipients: [],
  notifyEmail: true,
  minIntervalSeconds: 10,
  backlogThreshold: 50,
};

/** Real-time channel of run changes (bus payload: RunEvent). */
export const RUNS_CHANNEL = "automation.runs";
export interface RunEvent {
  tenantId: string;
  runId: string;
  jobId: string | null;
  agentId: string;
  status: RunStatus;
  /** A log line appended to a running run (live log); absent on status changes. */
  line?: string;
  /** The log's length in bytes once `line` was appended (lines up live lines with a snapshot). */
  end?: number;
}
