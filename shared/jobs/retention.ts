import type { Sql } from "../db/database.ts";
import type { SystemJob } from "../modules.ts";

/**
 * Deletes what nobody reads any more, in the scope's tenant (or the platform's own rows):
 * finished jobs and their runs, read notifications, delivered mail. Dedupe keys of scheduled
 * occurrences do not need the old jobs: schedule_marks remembers where each schedule got to.
 */
export async function purgeFinished(sql: Sql) {
  await sql`delete from jobs where (state in ('succeeded', 'cancelled') and finished_at < now() - interval '7 days')
                               or (state = 'dead' and finished_at < now() - interval '30 days')`;
  await sql`delete from job_runs where started_at < now() - interval '30 days'`;
  await sql`delete from notifications where read_at < now() - interval '180 days'`;
  await sql`delete from mail_outbox where state = 'sent' and sent_at < now() - interval '90 days'`;
}

export const retentionJobs: SystemJob[] = [
  {
    name: "platform.retention",
    handler: (ctx) => ctx.scoped(purgeFinished),
    schedule: { cron: "27 3 * * *", perTenant: true },
  },
  {
    name: "platform.retention.system",
    handler: (ctx) => ctx.scoped(purgeFinished),
    schedule: { cron: "37 3 * * *" },
  },
];
