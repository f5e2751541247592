/**
 * Errors that mean "the database cannot be reached right now" (restart, failover, network), as
 * opposed to a bad query: the request deserves 503 + Retry-After, not 500. postgres.js reports
 * lost connections with its own codes, the OS with errno names, the server with SQLSTATE class
 * 08 (connection exception) and 57P01-57P03 (shutting down, crashed, starting up).
 */
const CLIENT_CODES = new Set([
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);
const SERVER_CODES = new Set(["57P01", "57P02", "57P03", "53300"]);
/** Deno's own error classes for a refused or reset socket. */
const DENO_NAMES = new Set(["ConnectionRefused", "ConnectionReset", "BrokenPipe", "TimedOut"]);

export function isDatabaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== "object") return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === "string") {
    if (CLIENT_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith("08")) return true;
  }
  if (DENO_NAMES.has((err as Error).name)) return true;
  const cause = (err as { cause?: unknown }).cause;
  return cause !== undefined && cause !== err && isDatabaseUnavailable(cause);
}

/** Seconds a client should wait before trying again (a restart usually takes a few). */
export const RETRY_AFTER_SECONDS = 5;

/**
 * postgres.js 3.4.9 can throw from a timer when a connection drops mid-write (its deferred
 * `nextWrite` runs after `closed()` set the socket to null): uncaught, that ended the whole
 * server the moment the database went away. The connection itself is already closed and the
 * pool reconnects on the next query, so that one error is logged and swallowed; anything else
 * still ends the process as before.
 */
export function guardDriverCrashes(log: (msg: string, data: Record<string, unknown>) => void) {
  globalThis.addEventListener("error", (event) => {
    const err = event.error as Error | undefined;
    const stack = err?.stack ?? "";
    if (err instanceof TypeError && /postgres[\\/]src[\\/]connection\.js/.test(stack)) {
      event.preventDefault();
      log("database connection dropped mid-write (driver error ignored)", {
        error: err.message,
      });
    }
  });
}
