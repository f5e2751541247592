import type { Sql } from "../../../shared/db/database.ts";
import type { AgentRecord, AgentState } from "../common/common.schemas.ts";
import { type FieldColumns, selectList } from "../../../shared/db/fieldset.ts";

const US = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;

/** A row with its keyset key; config travels as text (the driver's camelCase would rename keys). */
export type AgentRow = AgentRecord & { sortKey: string };
type RawAgent = Omit<AgentRow, "config"> & { configJson: string };

/**
 * An agent's API fields and their select items, for a sparse fieldset (`fields=`,
 * shared/db/fieldset.ts): a list reads the asked ones, the id and its keyset key, so a list
 * without `code` and `config` does not read the agents' source.
 */
const AGENT_FIELDS: FieldColumns = {
  id: "id",
  name: "name",
  description: "description",
  kind: "kind",
  state: "state",
  config: "config::text as config_json",
  code: "code",
  grants: "grants",
  version: "version",
  template: "template",
  consecutiveFailures: "consecutive_failures",
  lastError: "last_error",
  lastRunAt: "last_run_at",
  lastStatus: "last_status",
  createdBy: "created_by",
  createdAt: "created_at",
  updatedAt: "updated_at",
};

/** The agent's columns (all, or a sparse fieldset's and the id) and its keyset key. */
const columns = (sql: Sql, fields?: readonly string[]) =>
  sql.unsafe(`${selectList(AGENT_FIELDS, fields, ["id"])},
    to_char(created_at at time zone 'UTC', ${US}) as sort_key`);

// A column a sparse fieldset did not read stays undefined (and out of the answer).
const toAgent = ({ configJson, ...r }: RawAgent): AgentRow => ({
  ...r,
  config: typeof configJson === "string" ? JSON.parse(configJson) : configJson,
});

export interface AgentFilter {
  state?: AgentState;
  kind?: string;
  q?: string;
}

const like = (q: string) => `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/**
 * Newest first, keyset on (created_at, id); fetches limit + 1. With `fields` (a sparse fieldset)
 * only those columns, the id and the keyset key.
 */
export async function selectAgents(
  sql: Sql,
  f: AgentFilter,
  limit: number,
  after: [string, string] | null,
  fields?: readonly string[],
): Promise<AgentRow[]> {
  const rows = await sql<RawAgent[]>`
    select ${columns(sql, fields)} from automation_agents where true
    ${f.state ? sql`and state = ${f.state}` : sql``}
    ${f.kind ? sql`and kind = ${f.kind}` : sql``}
    ${f.q ? sql`and (name ilike ${like(f.q)} or description ilike ${like(f.q)})` : sql``}
    ${after ? sql`and (created_at, id) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql``}
    order by created_at desc, id desc limit ${limit + 1}`;
  return rows.map(toAgent);
}

export async function findAgent(sql: Sql, id: string, lock = false): Promise<AgentRow | null> {
  const [row] = await sql<RawAgent[]>`select ${columns(sql)} from automation_agents
    where id = ${id} ${lock ? sql`for update` : sql``}`;
  return row ? toAgent(row) : null;
}

export async function agentNameTaken(sql: Sql, name: string, except?: string) {
  const rows = await sql`select 1 from automation_agents
    where lower(name) = lower(${name}) ${except ? sql`and id <> ${except}` : sql``}`;
  return rows.length > 0;
}

export interface NewAgent {
  id: string;
  name: string;
  description: string;
  kind: string;
  state: AgentState;
  config: Record<string, unknown>;
  code: string;
  grants: string[];
  template: string | null;
  lastError: string | null;
  createdBy: string | null;
}

export async function insertAgent(sql: Sql, a: NewAgent) {
  await sql`
    insert into automation_agents (tenant_id, id, name, description, kind, state, config, code,
      grants, template, last_error, created_by)
    values (nullif(current_setting('app.tenant_id', true), '')::uuid, ${a.id}, ${a.name},
      ${a.description}, ${a.kind}, ${a.state}, ${JSON.stringify(a.config)}::text::jsonb, ${a.code},
      ${a.grants}::text[], ${a.template}, ${a.lastError}, ${a.createdBy})`;
}

export interface AgentChange {
  name?: string;
  description?: string;
  config?: Record<string, unknown>;
  code?: string;
  grants?: string[];
  version?: number;
  state?: AgentState;
  lastError?: string | null;
  consecutiveFailures?: number;
}

export async function updateAgent(sql: Sql, id: string, c: AgentChange) {
  const { config, grants, ...plain } = c;
  if (Object.keys(plain).length) {
    await sql`update automation_agents set ${sql(plain)}, updated_at = now() where id = ${id}`;
  }
  if (config !== undefined) {
    await sql`update automation_agents set config = ${JSON.stringify(config)}::text::jsonb,
              updated_at = now() where id = ${id}`;
  }
  if (grants !== undefined) {
    await sql`update automation_agents set grants = ${grants}::text[], updated_at = now()
              where id = ${id}`;
  }
  if (!Object.keys(c).length) {
    await sql`update automation_agents set updated_at = now() where id = ${id}`;
  }
}

/** After a run: last run facts and the failure streak (the caller decides the state). */
export async function updateRunFacts(
  sql: Sql,
  id: string,
  f: {
    lastStatus: string;
    consecutiveFailures: number;
    lastError: string | null;
    state: AgentState;
  },
) {
  await sql`update automation_agents set last_run_at = now(), last_status = ${f.lastStatus},
    consecutive_failures = ${f.consecutiveFailures}, last_error = ${f.lastError},
    state = ${f.state}
    where id = ${id}`;
}

export async function deleteAgent(sql: Sql, id: string) {
  await sql`delete from automation_agents where id = ${id}`;
}

export async function jobsOfAgent(sql: Sql, id: string) {
  return await sql<{ id: string; name: string; enabled: boolean }[]>`
    select id, name, enabled from automation_jobs where agent_id = ${id} order by name`;
}

export async function deleteJobsOfAgent(sql: Sql, id: string) {
  await sql`delete from automation_jobs where agent_id = ${id}`;
}

// Versions ------------------------------------------------------------------------------------

export interface VersionRow {
  version: number;
  note: string;
  createdBy: string | null;
  createdByName: string | null;
  createdAt: string;
  config: Record<string, unknown>;
  code: string;
}
type RawVersion = Omit<VersionRow, "config"> & { configJson: string };

export async function insertVersion(
  sql: Sql,
  v: {
    agentId: string;
    version: number;
    config: Record<string, unknown>;
    code: string;
    note: string;
    createdBy: string | null;
  },
) {
  await sql`
    insert into automation_agent_versions (tenant_id, agent_id, version, config, code, note,
      created_by)
    values (nullif(current_setting('app.tenant_id', true), '')::uuid, ${v.agentId}, ${v.version},
      ${JSON.stringify(v.config)}::text::jsonb, ${v.code}, ${v.note}, ${v.createdBy})`;
}

const versionColumns = (sql: Sql, withContent: boolean) =>
  sql.unsafe(`v.version, v.note, v.created_by, md.name as created_by_name, v.created_at,
  ${withContent ? "v.config::text as config_json, v.code" : "'{}' as config_json, '' as code"}`);

/** Newest first, keyset on the version number; fetches limit + 1. */
export async function selectVersions(
  sql: Sql,
  agentId: string,
  limit: number,
  before: number | null,
): Promise<VersionRow[]> {
  const rows = await sql<RawVersion[]>`
    select ${versionColumns(sql, false)} from automation_agent_versions v
    left join member_directory md on md.user_id = v.created_by
    where v.agent_id = ${agentId} ${before ? sql`and v.version < ${before}` : sql``}
    order by v.version desc limit ${limit + 1}`;
  return rows.map(({ configJson, ...r }) => ({ ...r, config: JSON.parse(configJson) }));
}

export async function findVersion(
  sql: Sql,
  agentId: string,
  version: number,
): Promise<VersionRow | null> {
  const [row] = await sql<RawVersion[]>`
    select ${versionColumns(sql, true)} from automation_agent_versions v
    left join member_directory md on md.user_id = v.created_by
    where v.agent_id = ${agentId} and v.version = ${version}`;
  return row ? { ...row, config: JSON.parse(row.configJson) } : null;
}

/** The id of the agent with this name, or null. */
export async function agentIdByName(sql: Sql, name: string): Promise<string | null> {
  const [agent] = await sql<{ id: string }[]>`select id from automation_agents
                                              where name = ${name}`;
  return agent?.id ?? null;
}

/** The names of the tenant's active agents (at most 500, by name). */
export async function activeAgentNames(sql: Sql): Promise<string[]> {
  const rows = await sql<{ name: string }[]>`select name from automation_agents
                                             where state <> 'pasif' order by name limit 500`;
  return rows.map((r) => r.name);
}
