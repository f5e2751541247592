/** Structured JSON logging, one line per event, so operators can ship logs as they are. */
const levels = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type LogLevel = keyof typeof levels;

let threshold: number = levels.info;

export function setLogLevel(level: LogLevel) {
  threshold = levels[level];
}

function write(level: Exclude<LogLevel, "silent">, msg: string, fields?: Record<string, unknown>) {
  if (levels[level] < threshold) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  if (levels[level] >= levels.warn) console.error(line);
  else console.log(line);
}

export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => write("debug", msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write("info", msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write("warn", msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write("error", msg, fields),
};
