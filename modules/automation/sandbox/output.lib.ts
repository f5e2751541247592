/**
 * Reading a sandbox's output without trusting it: lines are split with a bounded buffer (a line
 * without an end cannot grow host memory), the text kept for the run is capped, and the pipe is
 * drained to the end so the child never blocks on a full pipe.
 */

export type LogStream = "log" | "stdout" | "stderr";
export type LogLevel = "info" | "warn" | "error";
export interface LogLine {
  stream: LogStream;
  level: LogLevel;
  text: string;
}

/** Longest line kept whole; a protocol message (result, call) is at most ~1 MB of JSON. */
export const MAX_LINE_CHARS = 2 * 1024 * 1024;

/** The run's output, capped at `capBytes` of UTF-8; `onLog` sees the lines live. */
export class LogCollector {
  #parts: string[] = [];
  #bytes = 0;
  #encoder = new TextEncoder();
  truncated = false;

  constructor(
    private readonly capBytes: number,
    private readonly onLog?: (line: LogLine) => void,
  ) {}

  add(stream: LogStream, level: LogLevel, text: string) {
    for (const part of text.split("\n")) this.#addLine({ stream, level, text: part });
  }

  #addLine(line: LogLine) {
    if (this.truncated) return;
    const size = this.#encoder.encode(line.text).length + 1;
    if (this.#bytes + size > this.capBytes) {
      this.truncated = true;
      const notice = `[output truncated at ${this.capBytes} bytes]`;
      this.#parts.push(notice);
      this.#emit({ stream: line.stream, level: "warn", text: notice });
      return;
    }
    this.#bytes += size;
    this.#parts.push(line.text);
    this.#emit(line);
  }

  #emit(line: LogLine) {
    try {
      this.onLog?.(line);
    } catch {
      // The caller's sink failing must not stop the run.
    }
  }

  get text(): string {
    return this.#parts.length ? this.#parts.join("\n") + "\n" : "";
  }
}

/**
 * Calls `onLine` for each line of `stream`. A line longer than MAX_LINE_CHARS is cut: its start
 * is passed on, the rest discarded up to the next newline.
 */
export async function readLines(
  stream: ReadableStream<Uint8Array>,
  onLine: (line: string) => void,
): Promise<void> {
  const decoder = new TextDecoder();
  let buffer = "";
  let discarding = false;
  for await (const chunk of stream) {
    buffer += decoder.decode(chunk, { stream: true });
    let newline: number;
    while ((newline = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      if (discarding) discarding = false;
      else onLine(line);
    }
    if (buffer.length > MAX_LINE_CHARS) {
      if (!discarding) onLine(buffer.slice(0, MAX_LINE_CHARS));
      discarding = true;
      buffer = "";
    }
  }
  buffer += decoder.decode();
  if (buffer && !discarding) onLine(buffer);
}
