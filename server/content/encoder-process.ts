// The server's image encodes, in a process of its own (image-encoder-child.ts), one at a time,
// behind a bounded queue:
// - one at a time: an AVIF or PNG encode takes a core for a second or more, and a small server
//   has two; the pages keep the other;
// - at a lower CPU priority (NICENESS): when pages and an encode want the same core, the pages
//   get it, so a visitor's page never waits behind a copy being made;
// - in a process of its own, ended after IDLE_MS without work: libvips' memory (a photo decoded
//   is tens of MB, and glibc keeps what it freed) goes back to the system with it, so the
//   server's memory does not stay grown after a burst of encodes; a crash or a hung encode
//   (JOB_TIMEOUT_MS) costs that one copy, not the server;
// - at most `maxWaiting` waiting: more are refused at once (`run` returns null), and the caller
//   answers without a copy. What waits is a job's description, never an image.
import { fork, type ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';
import type { Logger } from 'pino';
import type { VariantFormat, VariantWidth } from '../../src/routing/image-variants';
import type { EncodedMessage, EncodeMessage } from './image-encoder-child';

export type EncodeJob = { input: string; width: VariantWidth; format: VariantFormat };
export type Encoded = { body: Buffer; cpuSeconds: number };

export type Encoder = {
  /** Encodes after the jobs before it; null when `maxWaiting` wait already. */
  run(job: EncodeJob): Promise<Encoded> | null;
  /** Jobs waiting or running. */
  readonly queued: number;
  /** The encoder's process id while it runs (the resilience suite reads its memory). */
  readonly pid: number | null;
};

/** Where the encoder's process starts from: the built file, or the source under tsx. */
export type EncoderChild = { file: string; execArgv: string[] };

export const IDLE_MS = 5_000;
export const JOB_TIMEOUT_MS = 60_000;
/** Nice 10: a tenth of a core's weight against a page's process at 0 (Linux's CFS). */
export const NICENESS = 10;

export type EncoderOptions = {
  child: EncoderChild;
  maxWaiting: number;
  logger: Logger;
  /** Told after each copy made: its format and the CPU seconds it took (the metrics). */
  observe?: (format: VariantFormat, cpuSeconds: number) => void;
  idleMs?: number;
  jobTimeoutMs?: number;
};

type Waiting = { job: EncodeJob; resolve: (encoded: Encoded) => void; reject: (error: Error) => void };

export function encoderProcess(options: EncoderOptions): Encoder {
  const { logger } = options;
  const idleMs = options.idleMs ?? IDLE_MS;
  const jobTimeoutMs = options.jobTimeoutMs ?? JOB_TIMEOUT_MS;
  const waiting: Waiting[] = [];
  let child: ChildProcess | null = null;
  let current: (Waiting & { id: number; timer: NodeJS.Timeout }) | null = null;
  let idle: NodeJS.Timeout | null = null;
  let ids = 0;

  function start(): ChildProcess {
    const started = fork(options.child.file, [], { execArgv: options.child.execArgv, serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    try {
      if (started.pid) setPriority(started.pid, NICENESS);
    } catch (error) {
      logger.warn({ err: (error as Error).message }, 'media: the encoder runs at normal priority');
    }
    started.on('message', (message: EncodedMessage) => finished(started, message));
    started.on('exit', (code, signal) => stopped(started, `code ${code}, signal ${signal}`));
    started.on('error', (error) => stopped(started, error.message));
    return started;
  }

  /** The process keeps the server's event loop alive only while it has work. */
  function hold(process: ChildProcess, busy: boolean) {
    if (busy) {
      process.ref();
      process.channel?.ref();
    } else {
      process.unref();
      process.channel?.unref();
    }
  }

  function next() {
    if (current) return;
    const item = waiting.shift();
    if (!item) {
      if (child) {
        hold(child, false);
        idle ??= setTimeout(() => {
          // Forgotten first: a job that comes while it ends starts a new one.
          const ending = child;
          idle = null;
          child = null;
          ending?.kill('SIGTERM');
        }, idleMs).unref();
      }
      return;
    }
    if (idle) clearTimeout(idle);
    idle = null;
    child ??= start();
    hold(child, true);
    const id = ++ids;
    const running = child;
    const timer = setTimeout(() => {
      logger.warn({ input: item.job.input, width: item.job.width, format: item.job.format, ms: jobTimeoutMs }, 'media: an encode took too long; the encoder is restarted');
      running.kill('SIGKILL');
    }, jobTimeoutMs);
    current = { ...item, id, timer };
    const message: EncodeMessage = { id, ...item.job };
    running.send(message);
  }

  function finished(from: ChildProcess, message: EncodedMessage) {
    if (from !== child || !current || message.id !== current.id) return;
    const done = current;
    clearTimeout(done.timer);
    current = null;
    if ('error' in message) done.reject(new Error(message.error));
    else {
      options.observe?.(done.job.format, message.cpuSeconds);
      done.resolve({ body: Buffer.from(message.body.buffer, message.body.byteOffset, message.body.byteLength), cpuSeconds: message.cpuSeconds });
    }
    next();
  }

  function stopped(from: ChildProcess, how: string) {
    if (from !== child) return;
    child = null;
    if (idle) clearTimeout(idle);
    idle = null;
    const lost = current;
    current = null;
    if (lost) {
      clearTimeout(lost.timer);
      lost.reject(new Error(`the encoder stopped (${how})`));
    }
    next();
  }

  return {
    run(job) {
      if (waiting.length >= options.maxWaiting) return null;
      const result = new Promise<Encoded>((resolve, reject) => waiting.push({ job, resolve, reject }));
      next();
      return result;
    },
    get queued() {
      return waiting.length + (current ? 1 : 0);
    },
    get pid() {
      return child?.pid ?? null;
    },
  };
}
