/**
 * The test runner's reading of `deno test` output and its batching (scripts/test-run/): a
 * misread closing line would hide failures from CI, so each shape deno prints is fed here.
 */
import assert from "node:assert/strict";
import {
  countsLine,
  parseCounts,
  parseDuration,
  parseFiles,
  slowestTable,
} from "../../scripts/test-run/report.ts";
import { type Job, nextBatch } from "../../scripts/test-run/plan.ts";

const OUTPUT = `running 2 tests from ./tests/support/closed.test.ts
closed: a ticket closes ... ok (1s)
closed: with steps ...
  step one ... ok (250ms)
closed: with steps ... ok (2m3s)
running 1 test from ./tests/shared/rows.test.ts
rows: a row ... FAILED (12ms)
rows: skipped ... ignored (0ms)

FAILED | 2 passed (1 step) | 1 failed | 1 ignored (2m5s)
`;

Deno.test("test run: durations in deno's units", () => {
  assert.equal(parseDuration("500µs"), 0.0005);
  assert.equal(parseDuration("123ms"), 0.123);
  assert.equal(parseDuration("1s"), 1);
  assert.equal(parseDuration("5m26s"), 326);
});

Deno.test("test run: per-file time sums top-level tests only, steps excluded", () => {
  const files = parseFiles(OUTPUT, "postgres");
  assert.deepEqual(files, [
    { file: "tests/support/closed.test.ts", mode: "postgres", seconds: 124, tests: 2 },
    { file: "tests/shared/rows.test.ts", mode: "postgres", seconds: 0.012, tests: 2 },
  ]);
});

Deno.test("test run: the closing line's counts, failed and ignored included", () => {
  assert.deepEqual(parseCounts(OUTPUT), { passed: 2, failed: 1, ignored: 1 });
  assert.deepEqual(parseCounts("ok | 7 passed | 0 failed (1s)\n"), {
    passed: 7,
    failed: 0,
    ignored: 0,
  });
  assert.equal(parseCounts("error: Module not found\n"), null);
  assert.equal(
    countsLine("embedded", { passed: 3, failed: 1, ignored: 2 }),
    "embedded: 3 passed, 1 failed, 2 skipped",
  );
});

Deno.test("test run: the slowest table is sorted and cut", () => {
  const table = slowestTable(parseFiles(OUTPUT, "embedded"), 1).split("\n");
  assert.equal(table.length, 3);
  assert.match(table[2], /124\.0 +embedded +2 +tests\/support\/closed\.test\.ts/);
});

Deno.test("test run: a batch is one long file, or short files of one mode", () => {
  const job = (file: string, mode: Job["mode"], weight: number): Job => ({ file, mode, weight });
  const queue = [
    job("crawl", "postgres", 300),
    job("a", "postgres", 8),
    job("b", "embedded", 7),
    job("c", "postgres", 6),
    job("d", "postgres", 5),
  ];
  assert.deepEqual(nextBatch(queue).map((j) => j.file), ["crawl"]);
  assert.deepEqual(nextBatch(queue).map((j) => j.file), ["a", "c", "d"]);
  assert.deepEqual(nextBatch(queue).map((j) => j.file), ["b"]);
  assert.deepEqual(nextBatch(queue), []);
});
