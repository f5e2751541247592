/** Turning what a sandbox reports on failure into a message for the run's page. */

const DATA_URL = /data:application\/typescript;base64,[A-Za-z0-9+/=]+(?:\.{3,}[A-Za-z0-9+/=]+)?/g;
// deno-lint-ignore no-control-regex
const ANSI = /\x1b\[[0-9;]*m/g;

/** The agent's module is a data: URL; people know it as their code. */
export function cleanText(text: string): string {
  return text.replace(ANSI, "").replace(DATA_URL, "agent.ts");
}

/**
 * The error's message plus the stack frames in the agent's own code (the runner's and Deno's
 * internals mean nothing to the agent's author). At most 10 frames.
 */
export function agentError(message: string, stack?: string): string {
  const text = cleanText(message);
  if (!stack) return text;
  const frames = cleanText(stack).split("\n")
    .filter((line) => /^\s+at .*agent\.ts/.test(line) && !text.includes(line.trim()))
    .slice(0, 10)
    .map((line) => line.trimEnd());
  return frames.length ? `${text}\n${frames.join("\n")}` : text;
}

/** Whether stderr shows V8 giving up on the heap (the process exits with 133, SIGTRAP). */
export function isOutOfMemory(code: number | null, signal: string | null, stderrTail: string) {
  return code === 133 || signal === "SIGTRAP" ||
    /out of memory|heap limit|Allocation failed/i.test(stderrTail);
}
