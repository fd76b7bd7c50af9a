// One message to every replica, this one included, each applying it once as it arrives: the
// content webhook's purge (one publish in, every replica's caches purged). The sender waits for
// its own copy to come back and be applied, so what it runs next (the proxy cache's purge)
// finds its own pages gone already.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { SharedStore } from './shared-store';

/** How long the sender waits for its own copy before `send` fails (the caller then applies it itself). */
const OWN_COPY_MS = 2_000;

export type FanOut<Message, Applied> = {
  /** Publishes `message`; resolves with what applying it here gave. */
  send(message: Message): Promise<Applied>;
  /** How this replica applies a message from any replica (set once, at startup). */
  receive(apply: (message: Message) => Applied): void;
};

export function fanOut<Message, Applied>(shared: SharedStore, channel: string, logger: Logger): FanOut<Message, Applied> {
  const waiting = new Map<string, { timer: NodeJS.Timeout; resolve(applied: Applied): void }>();
  let apply: ((message: Message) => Applied) | null = null;
  void shared
    .subscribe(channel, (text) => {
      let envelope: { id: string; message: Message };
      try {
        envelope = JSON.parse(text) as typeof envelope;
      } catch {
        return void logger.warn({ channel }, 'shared store: an unreadable message; ignored');
      }
      if (!apply) return;
      const applied = apply(envelope.message);
      const own = waiting.get(envelope.id);
      if (!own) return;
      clearTimeout(own.timer);
      waiting.delete(envelope.id);
      own.resolve(applied);
    })
    .catch((err: unknown) => logger.error({ err, channel }, 'shared store: cannot listen for messages from other replicas'));

  return {
    receive(fn) {
      apply = fn;
    },
    async send(message) {
      const id = randomUUID();
      // Waited for before PUBLISH is sent: the own copy may arrive before PUBLISH's answer does.
      const applied = new Promise<Applied>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new Error(`this replica's own copy did not come back within ${OWN_COPY_MS} ms`));
        }, OWN_COPY_MS);
        waiting.set(id, { timer, resolve });
      });
      // Its timer may fire while PUBLISH still waits for its own deadline (one longer than
      // OWN_COPY_MS): then the rejection is the caller's below, not an unhandled one.
      applied.catch(() => {});
      try {
        await shared.publish(channel, JSON.stringify({ id, message }));
      } catch (err) {
        clearTimeout(waiting.get(id)?.timer);
        waiting.delete(id);
        throw err;
      }
      return applied;
    },
  };
}
