import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/** pino's numeric levels (warn and above are what a failed test prints). */
const WARN = 40;

/** A writable pino accepts as its `stream` (Fastify's `logger.stream`). */
export interface LogStream {
  write(line: string): void;
}

/**
 * The log file of an e2e run: the site's and the platform's pino lines (each tagged with its
 * logger's `name`) and the fault proxy's, one JSON object a line. The servers run in the
 * global setup's process and the tests in workers, so the lines go to a file the failing
 * test reads, not to a buffer only one process could see. Lines are written synchronously:
 * a test that fails right after a request finds its lines there.
 */
export interface ServerLogFile {
  readonly path: string;
  /** The stream to hand to a pino logger (`{ level, name, stream }`). */
  readonly stream: LogStream;
  /** Writes a line of a source that has no pino logger (the fault proxy), at `level`. */
  write(name: string, level: number, message: string, details?: Record<string, unknown>): void;
  close(): void;
}

/** Opens (truncates) the run's log file. */
export function openServerLog(path: string): ServerLogFile {
  mkdirSync(dirname(path), { recursive: true });
  let fd: number | null = openSync(path, 'w');
  const append = (line: string) => {
    // Lines arriving after the teardown (a request still finishing) are dropped, not thrown.
    if (fd !== null) writeSync(fd, line.endsWith('\n') ? line : `${line}\n`);
  };
  return {
    path,
    stream: { write: append },
    write(name, level, message, details = {}) {
      append(JSON.stringify({ level, time: Date.now(), name, msg: message, ...details }));
    },
    close() {
      if (fd !== null) closeSync(fd);
      fd = null;
    },
  };
}

/** One parsed line of the log. */
export interface ServerLogLine {
  level: number;
  time: number;
  name?: string;
  msg?: string;
  [key: string]: unknown;
}

/** The lines written at or after `since` (epoch ms); lines that are not JSON are skipped. */
export function serverLogSince(path: string, since: number): ServerLogLine[] {
  if (!existsSync(path)) return [];
  const lines: ServerLogLine[] = [];
  for (const text of readFileSync(path, 'utf8').split('\n')) {
    if (!text) continue;
    try {
      const line = JSON.parse(text) as ServerLogLine;
      if (typeof line.time === 'number' && line.time >= since) lines.push(line);
    } catch {
      // A line cut short by a crash says nothing reliable.
    }
  }
  return lines;
}

/**
 * The lines worth printing for a failed test: warnings and errors, and any request the
 * platform answered with a 5xx (its request lines are info).
 */
export function notableLines(lines: readonly ServerLogLine[]): ServerLogLine[] {
  return lines.filter(
    (line) => line.level >= WARN || (typeof line.statusCode === 'number' && line.statusCode >= 500),
  );
}

/** A line as a person reads it: time, source, level, message, then the rest as JSON. */
export function formatLine(line: ServerLogLine): string {
  const { level, time, name, msg, pid: _pid, hostname: _hostname, ...rest } = line;
  const extra = Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : '';
  return `${new Date(time).toISOString()} ${name ?? '?'} ${levelName(level)} ${msg ?? ''}${extra}`;
}

function levelName(level: number): string {
  if (level >= 60) return 'FATAL';
  if (level >= 50) return 'ERROR';
  if (level >= WARN) return 'WARN';
  if (level >= 30) return 'INFO';
  return 'DEBUG';
}
