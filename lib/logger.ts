// Structured logs: one JSON object per line, so that every line about a request carries its requestId
// (the front door's X-Request-Id, when the line does not name it), and, while tracing is on, the trace
// and span it was written in (traceId, spanId: find the trace of a log line, or the log lines of a
// trace).
import { env } from "@/lib/env";
import { currentRequestHeader } from "@/lib/request-context/current-request";
import { REQUEST_ID_HEADER } from "@/lib/request-context/request-id";
import { activeTraceIds } from "@/lib/tracing/spans";

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = Exclude<keyof typeof LEVELS, "silent">;
type Fields = Record<string, unknown>;

function write(level: Level, message: string, fields?: Fields): void {
  if (LEVELS[level] < LEVELS[env().LOG_LEVEL]) return;
  const requestId = fields?.requestId ?? currentRequestHeader(REQUEST_ID_HEADER);
  const line = JSON.stringify(
    {
      time: new Date().toISOString(),
      level,
      message,
      ...(requestId !== undefined ? { requestId } : {}),
      ...fields,
      ...activeTraceIds(),
    },
    errorReplacer,
  );
  if (level === "error" || level === "warn") console.error(line);
  else console.log(line);
}

function errorReplacer(_key: string, value: unknown): unknown {
  return value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value;
}

export const logger = {
  debug: (message: string, fields?: Fields) => write("debug", message, fields),
  info: (message: string, fields?: Fields) => write("info", message, fields),
  warn: (message: string, fields?: Fields) => write("warn", message, fields),
  error: (message: string, fields?: Fields) => write("error", message, fields),
};
