import type postgres from "postgres";

/** The postgres.js handle. Transactions are typed as the same callable so repos take either. */
// deno-lint-ignore no-explicit-any
export type Sql = postgres.Sql<any>;
/** A statement not yet sent, or a fragment of one. */
// deno-lint-ignore no-explicit-any
export type PendingQuery = postgres.PendingQuery<any>;
