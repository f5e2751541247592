/**
 * A run's log on its way out: lines wait here and are written in batches (one short
 * transaction every flush), capped at the tenant's log size. What passes the cap is counted,
 * not kept, so a chatty agent cannot grow the host's memory.
 */
export class RunLog {
  private pending: string[] = [];
  private pendingBytes = 0;
  private truncatedNow = false;
  private used: number;
  received = 0;

  constructor(private readonly capBytes: number, alreadyUsed: number) {
    this.used = alreadyUsed;
  }

  /** Adds a line; false once the cap is reached (the line is dropped). */
  add(level: string, text: string): boolean {
    this.received++;
    const line = `${new Date().toISOString().slice(11, 23)} ${level.toUpperCase()} ${text}\n`;
    const bytes = new TextEncoder().encode(line).length;
    if (this.used + bytes > this.capBytes) {
      this.truncatedNow = true;
      return false;
    }
    this.used += bytes;
    this.pending.push(line);
    this.pendingBytes += bytes;
    return true;
  }

  get hasPending() {
    return this.pending.length > 0 || this.truncatedNow;
  }

  /** The lines since the last take, and whether the cap cut anything off. */
  take(): { chunk: string; truncated: boolean } {
    const out = { chunk: this.pending.join(""), truncated: this.truncatedNow };
    this.pending = [];
    this.pendingBytes = 0;
    this.truncatedNow = false;
    return out;
  }
}

/** Bus messages (pg_notify) hold at most 8000 bytes: live lines are cut to fit. */
export function liveChunk(chunk: string, max = 6000): string {
  if (chunk.length <= max) return chunk;
  return chunk.slice(0, max) + "…\n";
}
