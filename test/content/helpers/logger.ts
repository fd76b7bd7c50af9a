import { pino, type Logger } from 'pino';
import { noteLogLine } from '../../support/error-guard';

/** A pino logger whose lines land in an array, so tests can count what was logged. An
 * error-level line fails the test unless it says it expects one (test/support/error-guard.ts). */
export function captureLogger(): { logger: Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino(
    { level: 'debug' },
    {
      write: (text: string) => {
        const line = JSON.parse(text) as Record<string, unknown>;
        lines.push(line);
        noteLogLine(line);
      },
    },
  );
  return { logger, lines };
}

export const messages = (lines: Array<Record<string, unknown>>, msg: string) =>
  lines.filter((line) => line.msg === msg);
