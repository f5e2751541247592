/**
 * External databases for the sources tests: a database h_sources_ext on the machine's
 * PostgreSQL (127.0.0.1:5432, trust) and the MariaDB database `test` (127.0.0.1:3306, root),
 * each with a SELECT-only user and a writer user. Idempotent; a server that cannot be reached
 * makes its tests skip.
 */
import postgres from "postgres";
import mysql from "mysql2/promise";

export const EXT_DB = "h_sources_ext";
export const READER = { username: "src_reader", password: "reader-pw" };
export const WRITER = { username: "src_writer", password: "writer-pw" };

async function reachable(port: number): Promise<boolean> {
  try {
    const c = await Deno.connect({ hostname: "127.0.0.1", port });
    c.close();
    return true;
  } catch {
    return false;
  }
}

export const pgUp = await reachable(5432);
export const mysqlUp = await reachable(3306);

const ignoreDup = (e: { code?: string }) => {
  if (!["42P04", "42710", "23505"].includes(e.code ?? "")) throw e;
};

let pgReady: Promise<void> | null = null;
export function preparePg(): Promise<void> {
  pgReady ??= (async () => {
    const admin = postgres({
      host: "127.0.0.1",
      port: 5432,
      username: "postgres",
      database: "postgres",
      max: 1,
      onnotice: () => {},
    });
    await admin.unsafe(`create database ${EXT_DB}`).catch(ignoreDup);
    for (const r of [READER, WRITER]) {
      await admin.unsafe(`create role ${r.username} login password '${r.password}'`).catch(
        ignoreDup,
      );
    }
    await admin.end();
    const db = postgres({
      host: "127.0.0.1",
      port: 5432,
      username: "postgres",
      database: EXT_DB,
      max: 1,
      onnotice: () => {},
    });
    await db.unsafe(`create table if not exists items (id int primary key, name text not null,
      status text not null, amount numeric not null, created_at timestamptz not null)`);
    await db.unsafe(`insert into items values
      (1, 'Alpha', 'open', 10.5, '2026-01-05'), (2, 'Beta', 'open', 20, '2026-01-20'),
      (3, 'Gamma', 'closed', 5, '2026-02-03'), (4, 'Delta', 'closed', 7, '2026-03-01'),
      (5, 'Eps''ilon; drop', 'open', 1, '2026-03-02')
      on conflict do nothing`);
    await db.unsafe(`grant connect on database ${EXT_DB} to ${READER.username}, ${WRITER.username};
      grant usage on schema public to ${READER.username}, ${WRITER.username};
      grant select on items to ${READER.username};
      grant select, insert, update, delete on items to ${WRITER.username}`);
    await db.end();
  })();
  return pgReady;
}

let myReady: Promise<void> | null = null;
export function prepareMysql(): Promise<void> {
  myReady ??= (async () => {
    const c = await mysql.createConnection({
      host: "127.0.0.1",
      port: 3306,
      user: "root",
      database: "test",
    });
    await c.query(`create table if not exists src_items (id int primary key, name text not null,
      status varchar(20) not null, amount decimal(10,2) not null, created_at datetime not null)`);
    await c.query(`insert ignore into src_items values (1, 'Alpha', 'open', 10.5, '2026-01-05'),
      (2, 'Beta', 'open', 20, '2026-01-20'), (3, 'Gamma', 'closed', 5, '2026-02-03')`);
    await c.query(
      `create user if not exists '${READER.username}'@'%' identified by '${READER.password}'`,
    );
    await c.query(
      `create user if not exists '${WRITER.username}'@'%' identified by '${WRITER.password}'`,
    );
    await c.query(`grant select on test.* to '${READER.username}'@'%'`);
    await c.query(`grant select, insert, delete on test.* to '${WRITER.username}'@'%'`);
    await c.end();
  })();
  return myReady;
}
