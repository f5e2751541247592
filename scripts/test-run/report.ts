/**
 * Reading `deno test` output (one process, files one after another) and printing the run's
 * summary. Pure functions: tests/shared/test-run.test.ts feeds them sample output.
 */

export interface FileResult {
  file: string;
  mode: Mode;
  /** Sum of the file's top-level test durations as deno reports them (app start included). */
  seconds: number;
  tests: number;
}

export type Mode = "postgres" | "embedded";

export interface Counts {
  passed: number;
  failed: number;
  ignored: number;
}

// deno strips colours with NO_COLOR; strip them anyway for a terminal that sets them.
// deno-lint-ignore no-control-regex
const ANSI = /\x1b\[[0-9;]*m/g;

const UNITS: Record<string, number> = { "µs": 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600 };

/** "781µs", "123ms", "1s", "5m26s" → seconds. */
export function parseDuration(text: string): number {
  let total = 0;
  for (const [, n, unit] of text.matchAll(/([\d.]+)(µs|ms|m|s|h)/g)) {
    total += Number(n) * UNITS[unit];
  }
  return total;
}

/** Per-file durations and counts, from the "running N tests from ./file" sections. */
export function parseFiles(output: string, mode: Mode): FileResult[] {
  const files: FileResult[] = [];
  let current: FileResult | null = null;
  for (const raw of output.split("\n")) {
    const line = raw.replace(ANSI, "");
    const start = /^running \d+ tests? from \.\/(\S+)/.exec(line);
    if (start) {
      current = { file: start[1], mode, seconds: 0, tests: 0 };
      files.push(current);
      continue;
    }
    // Top-level tests only: steps are indented.
    const test = /^\S.* \.\.\. (ok|FAILED|ignored)\S* \(([^)]+)\)\s*$/.exec(line);
    if (test && current) {
      current.seconds += parseDuration(test[2]);
      current.tests++;
    }
  }
  return files;
}

/** The closing "ok | 12 passed (3 steps) | 0 failed | 1 ignored (5s)" line, if any. */
export function parseCounts(output: string): Counts | null {
  const lines = output.replace(ANSI, "").split("\n").filter((l) => /^(ok|FAILED) \|/.test(l));
  const last = lines.at(-1);
  if (!last) return null;
  const n = (word: string) => Number(new RegExp(`(\\d+) ${word}`).exec(last)?.[1] ?? 0);
  return { passed: n("passed"), failed: n("failed"), ignored: n("ignored") };
}

export const addCounts = (a: Counts, b: Counts): Counts => ({
  passed: a.passed + b.passed,
  failed: a.failed + b.failed,
  ignored: a.ignored + b.ignored,
});

/** "postgres: 820 passed, 0 failed, 7 skipped": the plain closing-line shape CI reads. */
export const countsLine = (label: string, c: Counts) =>
  `${label}: ${c.passed} passed, ${c.failed} failed` + (c.ignored ? `, ${c.ignored} skipped` : "");

/** The slowest files as a fixed-width table. */
export function slowestTable(files: FileResult[], count = 25): string {
  const rows = [...files].sort((a, b) => b.seconds - a.seconds).slice(0, count);
  const lines = rows.map((f) =>
    `${f.seconds.toFixed(1).padStart(7)}  ${f.mode.padEnd(8)}  ${
      String(f.tests).padStart(5)
    }  ${f.file}`
  );
  return [`slowest ${rows.length} test files`, "   secs  mode      tests  file", ...lines]
    .join("\n");
}
