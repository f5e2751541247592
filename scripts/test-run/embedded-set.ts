/**
 * The test files that also run on the embedded database (PGlite) when a full run has
 * PostgreSQL (`DATABASE_URL` set, as in CI): every other file runs on PostgreSQL only. Without
 * `DATABASE_URL` every file runs on the embedded database.
 *
 * Chosen to exercise what is different on PGlite: one database session behind a one-connection
 * pool (transactions queue), no statement timer, the in-process event bus, the data-directory
 * lock, backup and restore, and the app's SQL through every module's routes (the API sweep calls
 * every operation of /openapi.json; each module's main flow file runs its rules on PGlite).
 */
export const EMBEDDED_SET = [
  // Every operation of the API document, fuzzed and aimed across tenants.
  "tests/shared/api-sweep.test.ts",
  // Tenancy: row-level security as the app role, on PGlite's own catalog.
  "tests/shared/rls.test.ts",
  "tests/shared/identity-rls.test.ts",
  // The single session: transactions queue on the one connection; savepoints without a timer.
  "tests/shared/scope-transaction.test.ts",
  "tests/shared/savepoint.test.ts",
  "tests/shared/known-sessions.test.ts",
  "tests/shared/translations-overrides.test.ts",
  "tests/shared/prehash.test.ts",
  // Data-directory lock, backup and restore, the start task's permissions, scripts, migrations.
  "tests/shared/backup.test.ts",
  // (tests/shared/permissions.test.ts is not here: on PostgreSQL it already runs the start
  // task's smoke on the embedded database too.)
  "tests/shared/scripts.test.ts",
  "tests/shared/migrate.test.ts",
  // Jobs, events and notifications through the in-process bus.
  "tests/shared/jobs.test.ts",
  "tests/shared/event-log.test.ts",
  "tests/shared/notifications.test.ts",
  "tests/platform/tenants.test.ts",
  "tests/platform/search.test.ts",
  // Each module's main flow through its routes.
  "tests/support/tickets.test.ts",
  "tests/support/jobs.test.ts",
  "tests/documents/files.test.ts",
  "tests/documents/folders.test.ts",
  "tests/projects/tasks.test.ts",
  "tests/projects/projects.test.ts",
  "tests/workflow/engine.test.ts",
  "tests/workflow/instances.test.ts",
  "tests/workflow/tasks.test.ts",
  "tests/analytics/dashboard.test.ts",
  "tests/analytics/query.test.ts",
  "tests/analytics/widgets-concurrent.test.ts",
  "tests/automation/agents.test.ts",
  "tests/automation/runs.test.ts",
  "tests/automation/sandbox.test.ts",
  // One module's pages in a real browser, served from PGlite.
  "tests/browser/support.test.ts",
];
