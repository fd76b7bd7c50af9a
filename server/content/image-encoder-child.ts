// The image encoder's own process, started by encoder-process.ts (never by hand): it encodes
// the copies the server sends it, one at a time, and answers each with its bytes and the CPU
// time it took. It ends when the server ends it (idle) or goes away, and libvips' memory goes
// back to the system with it.
import type { VariantFormat, VariantWidth } from '../../src/routing/image-variants';
import { encodeCopy } from './image-encoder';

export type EncodeMessage = { id: number; input: string; width: VariantWidth; format: VariantFormat };
export type EncodedMessage = { id: number; body: Uint8Array; cpuSeconds: number } | { id: number; error: string };

const send = (message: EncodedMessage) => process.send?.(message);

process.on('message', (job: EncodeMessage) => {
  const started = process.cpuUsage();
  encodeCopy(job.input, job.width, job.format).then(
    (body) => {
      const used = process.cpuUsage(started);
      send({ id: job.id, body, cpuSeconds: (used.user + used.system) / 1e6 });
    },
    (error: unknown) => send({ id: job.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
// The server went away (ended, crashed, killed): nothing is left to encode for.
process.on('disconnect', () => process.exit(0));
