// Inbound e-mail into tickets: 1,000 messages over 10 mailboxes (one per workspace) through the
// whole path — the inbound HTTP endpoint (and, when dovecot is installed, one mailbox read over
// IMAP by the IDLE watcher from a private dovecot), storing, the intake job, the ticket. Prints
// how fast messages were accepted and turned into tickets, and p50/p95 from arrival (the row's
// received_at) to the ticket (the ticket's created_at).
// Usage: deno task bench:mail   (DATABASE_URL=postgres://… for PostgreSQL; embedded otherwise)
//        BENCH_MESSAGES (1000), BENCH_MAILBOXES (10), BENCH_CONCURRENCY (20 posts at once).
import { withScope } from "../shared/db/scope.ts";
import { startJobs } from "../shared/jobs/runtime.ts";
import { callApp, newTenant, testApp, type TestTenant } from "../tests/helpers.ts";
import { imapSkipReason, startImap, type TestImap } from "../tests/support/imap.ts";

const MESSAGES = Number(Deno.env.get("BENCH_MESSAGES") ?? 1000);
const MAILBOXES = Number(Deno.env.get("BENCH_MAILBOXES") ?? 10);
const CONCURRENCY = Number(Deno.env.get("BENCH_CONCURRENCY") ?? 20);
const TIMEOUT_MS = 15 * 60_000;

const { platform } = await testApp();
platform.config.SUPPORT_IMAP_ALLOW_PRIVATE = true; // the private dovecot is on 127.0.0.1
const stopJobs = startJobs(platform);
const imap: TestImap | null = imapSkipReason() ? null : await startImap();

interface Box {
  tenant: TestTenant;
  id: string;
  token: string;
  imap: boolean;
}

const boxes: Box[] = [];
for (let i = 0; i < MAILBOXES; i++) {
  const tenant = await newTenant();
  const viaImap = i === 0 && imap !== null;
  const res = await tenant.owner.call("POST", "/api/support/mailboxes", {
    name: `Bench ${i}`,
    address: `bench-${i}@example.test`,
    ...(viaImap
      ? {
        imapHost: imap!.host,
        imapPort: imap!.port,
        imapTls: false,
        imapUser: imap!.user,
        imapPassword: imap!.password,
      }
      : {}),
  });
  if (res.status !== 201) throw new Error(`mailbox: ${res.status} ${await res.text()}`);
  const m = await res.json();
  boxes.push({ tenant, id: m.id, token: m.inboundToken, imap: viaImap });
}

const message = (n: number) =>
  `From: Customer ${n} <customer-${n}@example.test>\r\nTo: help@example.test\r\n` +
  `Subject: Bench question ${n}\r\nMessage-ID: <bench-${n}-${crypto.randomUUID()}@example.test>\r\n` +
  `Date: ${new Date().toUTCString()}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n` +
  `Hello,\r\n\r\nMy order ${n} has not arrived yet. Could you look into it?\r\n\r\nThanks\r\n`;

const started = performance.now();
const acceptMs: number[] = [];
let next = 0;
async function sender() {
  while (next < MESSAGES) {
    const n = next++;
    const box = boxes[n % boxes.length];
    if (box.imap) {
      await imap!.deliver(message(n));
      continue;
    }
    const t0 = performance.now();
    const res = await callApp(`/api/support/inbound/${box.id}`, {
      method: "POST",
      body: message(n),
      headers: { "Content-Type": "message/rfc822", Authorization: `Bearer ${box.token}` },
    });
    acceptMs.push(performance.now() - t0);
    if (res.status !== 202) throw new Error(`inbound: ${res.status} ${await res.text()}`);
  }
}
await Promise.all(Array.from({ length: CONCURRENCY }, sender));
const sentSeconds = (performance.now() - started) / 1000;

interface Row {
  state: string;
  ms: number | null;
}
async function outcome(): Promise<Row[]> {
  const all: Row[] = [];
  for (const box of boxes) {
    const rows = await withScope(
      platform.db.sql,
      { tenantId: box.tenant.id },
      (sql) =>
        sql<Row[]>`
        select m.state,
               (extract(epoch from t.created_at - m.received_at) * 1000)::float8 as ms
        from support_inbound_messages m
        left join support_tickets t on t.id = m.ticket_id
        where m.mailbox_id = ${box.id}`,
    );
    all.push(...rows);
  }
  return all;
}

let rows: Row[] = [];
while (performance.now() - started < TIMEOUT_MS) {
  rows = await outcome();
  if (rows.length >= MESSAGES && rows.every((r) => r.state !== "queued")) break;
  await new Promise((r) => setTimeout(r, 250));
}
const doneSeconds = (performance.now() - started) / 1000;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN;
};
const latencies = rows.map((r) => r.ms).filter((x): x is number => x !== null);
const states = Object.groupBy(rows, (r) => r.state);
const ms = (x: number) => `${Math.round(x).toLocaleString("en")} ms`;

console.log(
  `\n${MESSAGES.toLocaleString("en")} messages over ${MAILBOXES} mailboxes ` +
    `(${imap ? "1 over IMAP, the rest" : "all"} through the endpoint), ` +
    `${platform.db.mode} database, ${CONCURRENCY} posts at once\n`,
);
console.log("| figure | value |");
console.log("| --- | --- |");
console.log(`| stored rows | ${rows.length.toLocaleString("en")} |`);
console.log(
  `| processed · ignored · failed · still queued | ${states.processed?.length ?? 0} · ` +
    `${states.ignored?.length ?? 0} · ${states.failed?.length ?? 0} · ${
      states.queued?.length ?? 0
    } |`,
);
console.log(`| tickets made | ${latencies.length.toLocaleString("en")} |`);
console.log(
  `| accepted by the endpoint | ${(acceptMs.length / sentSeconds).toFixed(0)} messages/s ` +
    `(p50 ${ms(pct(acceptMs, 50))}, p95 ${ms(pct(acceptMs, 95))} per post) |`,
);
console.log(
  `| arrival → ticket, all messages | ${(latencies.length / doneSeconds).toFixed(1)} tickets/s |`,
);
console.log(`| arrival → ticket p50 | ${ms(pct(latencies, 50))} |`);
console.log(`| arrival → ticket p95 | ${ms(pct(latencies, 95))} |`);
console.log(`| arrival → ticket max | ${ms(pct(latencies, 100))} |`);

await stopJobs();
await imap?.stop();
Deno.exit(0);
