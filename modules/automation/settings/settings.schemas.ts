import { z } from "@hono/zod-openapi";

const int = (min: number, max: number) => z.number().int().min(min).max(max);

/** The tenant's automation settings (ranges as in the table's checks). */
export const SettingsSchema = z.object({
  /** Runs of this tenant at once. */
  concurrency: int(1, 64),
  /** A run's time limit when its job sets none. */
  defaultTimeoutSeconds: int(1, 3600),
  memoryMb: int(32, 4096),
  logCapKb: int(1, 10240),
  logRetentionDays: int(1, 3650),
  historyRetentionDays: int(1, 3650),
  /** Hosts agents may reach: `api.example.com`, `*.example.com`, optional `:port`. */
  allowlist: z.array(z.string().max(300)).max(200),
  /** Consecutive failed runs that move an active agent to `hata`. */
  failureThreshold: int(1, 100),
  /** Members told about failures (none: the job's or agent's creator). */
  recipients: z.array(z.uuid()).max(50),
  notifyEmail: z.boolean(),
  /** The shortest interval a job may fire at. */
  minIntervalSeconds: int(0, 86400),
  /** Waiting runs above which admins are warned. */
  backlogThreshold: int(1, 100000),
}).openapi("AutomationSettings");
export type Settings = z.infer<typeof SettingsSchema>;

export const SettingsUpdate = SettingsSchema.partial().strict()
  .openapi("AutomationSettingsUpdate");
export type SettingsUpdate = z.infer<typeof SettingsUpdate>;
