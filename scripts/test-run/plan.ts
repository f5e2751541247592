/**
 * Which test files run in which mode, and in what order: the longest first, so the last
 * minutes are spent on short files and both cores finish together. Durations come from the
 * last full run on this machine (data/test-times.json); a clean clone guesses from the file.
 */
import type { FileResult, Mode } from "./report.ts";

export interface Job {
  file: string;
  mode: Mode;
  /** Expected seconds. */
  weight: number;
}

export const TIMES_FILE = "data/test-times.json";

/** Every `*.test.ts(x)` under tests/, sorted. */
export async function testFiles(dir = "tests"): Promise<string[]> {
  const out: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) out.push(...await testFiles(path));
    else if (/\.test\.tsx?$/.test(entry.name)) out.push(path);
  }
  return out.sort();
}

export async function readTimes(): Promise<Record<string, number>> {
  try {
    return JSON.parse(await Deno.readTextFile(TIMES_FILE));
  } catch {
    return {};
  }
}

export async function writeTimes(files: FileResult[]) {
  const times = Object.fromEntries(files.map((f) => [`${f.mode}:${f.file}`, f.seconds]));
  await Deno.mkdir("data", { recursive: true });
  await Deno.writeTextFile(TIMES_FILE, JSON.stringify(times, null, 1) + "\n");
}

/** Without a measurement: the crawl is minutes, a browser test tens of seconds, else by size. */
async function guess(file: string, mode: Mode): Promise<number> {
  if (file.endsWith("/crawl.test.ts")) return 400;
  const lines = (await Deno.readTextFile(file)).split("\n").length;
  const base = file.startsWith("tests/browser/") ? 20 + lines / 20 : 1 + lines / 60;
  // An embedded app loads its database copy and runs slower queries.
  return mode === "embedded" ? base * 1.4 + 1 : base;
}

export async function plan(
  modes: { mode: Mode; files: string[] }[],
  times: Record<string, number>,
): Promise<Job[]> {
  const jobs: Job[] = [];
  for (const { mode, files } of modes) {
    for (const file of files) {
      jobs.push({ file, mode, weight: times[`${mode}:${file}`] ?? await guess(file, mode) });
    }
  }
  return jobs.sort((a, b) => b.weight - a.weight);
}

/**
 * The next batch for a free slot: the heaviest job left and, if it is short, more of the same
 * mode, since each `deno test` process costs about a second to start.
 */
export function nextBatch(queue: Job[], maxSeconds = 20, maxFiles = 8): Job[] {
  const first = queue.shift();
  if (!first) return [];
  const batch = [first];
  let total = first.weight;
  for (let i = 0; i < queue.length && batch.length < maxFiles;) {
    const job = queue[i];
    if (job.mode === first.mode && total + job.weight <= maxSeconds) {
      batch.push(job);
      total += job.weight;
      queue.splice(i, 1);
    } else i++;
  }
  return batch;
}
