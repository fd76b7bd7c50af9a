import { pino, type Logger } from 'pino';

/** A pino logger whose lines land in an array, so tests can count what was logged. */
export function captureLogger(): { logger: Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino(
    { level: 'debug' },
    { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  return { logger, lines };
}

export const messages = (lines: Array<Record<string, unknown>>, msg: string) =>
  lines.filter((line) => line.msg === msg);
