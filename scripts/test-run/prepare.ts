/**
 * Before a full test run (scripts/run-tests.ts): the databases the test files start from,
 * migrated once instead of once per file.
 *
 * - Embedded: the app starts once on an empty in-memory PGlite (34 migrations, bootstrap,
 *   keys) and its dump is written to `<dir>/embedded.tar.gz`; every file then loads that copy
 *   (TEST_EMBEDDED_TEMPLATE) in about a second instead of migrating for three to five.
 * - PostgreSQL (when DATABASE_URL is set): `<db>_template` is dropped, created and migrated
 *   from scratch, then each parallel slot gets its own `<db>_slot<N>` copied from it
 *   (`create database … template`). Slots never share a job queue, a LISTEN channel or an
 *   advisory lock, so a dispatcher in one slot cannot take another slot's jobs.
 *
 *   deno run -A scripts/test-run/prepare.ts <dir> <slots>
 * prints {"embeddedTemplate": path, "slotUrls": [url, …]} as its last line.
 */
import postgres from "postgres";
import { createTestApp } from "../../app/testing.ts";

const [dir, slotsArg] = Deno.args;
const slots = Number(slotsArg ?? 1);
const base = Deno.env.get("DATABASE_URL") ?? "";

async function embeddedTemplate(): Promise<string> {
  const app = await createTestApp({ DATABASE_URL: "" });
  try {
    const path = `${dir}/embedded.tar.gz`;
    await Deno.writeFile(path, new Uint8Array(await (await app.platform.db.dump!()).arrayBuffer()));
    return path;
  } finally {
    await app.close();
  }
}

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

async function postgresSlots(): Promise<string[]> {
  const baseName = new URL(base).pathname.slice(1) || "postgres";
  const template = `${baseName}_template`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists "${template}" with (force)`);
    await admin.unsafe(`create database "${template}"`);
    const app = await createTestApp({ DATABASE_URL: withDatabase(base, template) });
    await app.close();
    const urls: string[] = [];
    for (let i = 1; i <= slots; i++) {
      const name = `${baseName}_slot${i}`;
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.unsafe(`create database "${name}" template "${template}"`);
      urls.push(withDatabase(base, name));
    }
    return urls;
  } finally {
    await admin.end();
  }
}

const [embedded, slotUrls] = await Promise.all([
  embeddedTemplate(),
  base ? postgresSlots() : Promise.resolve([]),
]);
console.log(JSON.stringify({ embeddedTemplate: embedded, slotUrls }));
// PGlite's worker keeps the event loop alive after close.
Deno.exit(0);
