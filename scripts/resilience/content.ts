// The content service the suite runs the site against: the repository's one fake
// (test/support/fake-content-service.ts), answering as Strapi from the committed snapshot, with
// the contact form's collection kept in memory (test/support/fake-collection.ts), and switched
// between the ways a real one fails: answering 500, refusing connections (down), or accepting
// them and never answering (hanging).
import { fakeCollection, type FakeCollection } from '../../test/support/fake-collection';
import { snapshotResponder, startFakeContentService, type FakeContentService, type Recorded, type Reply } from '../../test/support/fake-content-service';
import { strapiError } from '../../test/support/strapi-shapes';

export type Outage = 'up' | '500' | 'down' | 'hanging';

export type Content = {
  url: string;
  service: FakeContentService;
  contact: FakeCollection;
  /** Each answer of the contact collection waits this long (a slow service, for kill -9 during delivery). */
  writeDelayMs: () => number;
  /** Each answer from the snapshot passes through this: an editor's change (the scale suite's
   * publish). The snapshot's answer unchanged by default. */
  edit: (req: Recorded, body: unknown) => unknown;
  /** Each answer from the snapshot waits this long: a slow search, for renders under way when
   * the scale suite kills a replica. None by default. */
  readDelayMs: (req: Recorded) => number;
  set(mode: Outage): Promise<void>;
  mode: Outage;
  close(): Promise<void>;
};

export async function startContent(): Promise<Content> {
  const snapshot = snapshotResponder();
  const contact = fakeCollection('contact-submissions');
  const hung: Array<(reply: Reply) => void> = [];
  const content: Content = {
    url: '',
    service: undefined as unknown as FakeContentService,
    contact,
    writeDelayMs: () => 0,
    edit: (_req, body) => body,
    readDelayMs: () => 0,
    mode: 'up',
    async set(mode) {
      if (content.mode === 'down' && mode !== 'down') await content.service.up();
      if (mode === 'down') await content.service.down();
      // Requests held by a hanging service end as a dropped connection.
      if (content.mode === 'hanging' && mode !== 'hanging') for (const release of hung.splice(0)) release({ destroy: true });
      content.mode = mode;
    },
    async close() {
      await content.set('up');
      await content.service.down();
    },
  };
  content.service = await startFakeContentService(async (req, incoming) => {
    if (content.mode === '500') return { status: 500, json: strapiError(500, 'InternalServerError', 'Internal Server Error') };
    if (content.mode === 'hanging') return new Promise<Reply>((resolve) => hung.push(resolve));
    if (req.path === '/api/contact-submissions') {
      const reply = contact.answer(req);
      const delayMs = content.writeDelayMs();
      return delayMs ? { ...reply, delayMs } : reply;
    }
    const answer = await snapshot(req, incoming);
    const delayMs = content.readDelayMs(req);
    return { ...answer, json: content.edit(req, answer.json), ...(delayMs ? { delayMs } : {}) };
  });
  content.url = content.service.url;
  return content;
}
