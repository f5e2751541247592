/** SQL of decision tables (tenant-scoped connection; RLS keeps tenants apart). */
import { uuidv7 } from "uuidv7";
import type { Sql } from "../../../shared/db/database.ts";
import type { CompiledTable } from "./decisions.rules.ts";

export interface DecisionRow {
  id: string;
  key: string;
  name: string;
  version: number;
  table: CompiledTable;
  deployedBy: string | null;
  deployedByName: string | null;
  deployedAt: string;
}

// The compiled table is read as text: the driver's camelCase transform must not touch the
// output names people chose.
const columns = (sql: Sql) =>
  sql.unsafe(`d.id, d.key, d.name, d.version, d.compiled::text as compiled_json, d.deployed_by,
  m.name as deployed_by_name, d.deployed_at
  from workflow_decisions d left join member_directory m on m.user_id = d.deployed_by`);

type Raw = Omit<DecisionRow, "table"> & { compiledJson: string };
const toRow = ({ compiledJson, ...r }: Raw): DecisionRow => ({
  ...r,
  table: JSON.parse(compiledJson),
  deployedAt: new Date(r.deployedAt).toISOString(),
});

/** The latest version of every decision, by name. */
export async function selectLatest(sql: Sql): Promise<DecisionRow[]> {
  const rows = await sql<Raw[]>`select * from (
      select distinct on (d.key) ${columns(sql)} order by d.key, d.version desc) x
    order by lower(x.name), x.key limit 1000`;
  return rows.map(toRow);
}

/** One version of a decision (the latest when `version` is omitted). */
export async function findDecision(
  sql: Sql,
  key: string,
  version?: number,
): Promise<(DecisionRow & { xml: string }) | null> {
  const [found] = await sql<(Raw & { xml: string })[]>`select d.xml, ${columns(sql)}
    where d.key = ${key} ${version ? sql`and d.version = ${version}` : sql``}
    order by d.version desc limit 1`;
  return found ? { ...toRow(found), xml: found.xml } : null;
}

export async function versionsOf(sql: Sql, key: string): Promise<number[]> {
  const rows = await sql<{ version: number }[]>`select version from workflow_decisions
    where key = ${key} order by version desc`;
  return rows.map((r) => r.version);
}

/** Adds the next version of a decision; deployments of one key queue behind each other. */
export async function insertVersion(
  sql: Sql,
  d: { key: string; name: string; xml: string; table: CompiledTable; userId: string },
): Promise<{ id: string; version: number }> {
  await sql`select pg_advisory_xact_lock(hashtext('workflow_decisions:' ||
    current_setting('app.tenant_id') || ':' || ${d.key}))`;
  const [{ next }] = await sql<{ next: number }[]>`select coalesce(max(version), 0) + 1 as next
    from workflow_decisions where key = ${d.key}`;
  const id = uuidv7();
  await sql`insert into workflow_decisions (tenant_id, id, key, version, name, xml, compiled,
      deployed_by)
    values (current_setting('app.tenant_id')::uuid, ${id}, ${d.key}, ${next}, ${d.name},
      ${d.xml}, ${JSON.stringify(d.table)}::text::jsonb, ${d.userId})`;
  return { id, version: next };
}

/** Names of deployed processes whose business rule tasks name this decision. */
export async function processesUsing(sql: Sql, key: string): Promise<string[]> {
  const rows = await sql<{ name: string }[]>`select distinct d.name
    from workflow_definition_versions v join workflow_definitions d on d.id = v.definition_id
    where jsonb_path_exists(v.model, '$.elements.* ? (@.decision.ref == $k)',
      jsonb_build_object('k', ${key}::text))
    order by d.name limit 20`;
  return rows.map((r) => r.name);
}

export async function deleteDecision(sql: Sql, key: string): Promise<number> {
  const rows = await sql`delete from workflow_decisions where key = ${key} returning id`;
  return rows.length;
}
