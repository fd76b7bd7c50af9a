// The render budget of all clients together (server/pages/render-budget.ts), as function calls
// on a clock the test moves: slots, the share of the time, the fair queue, its bound and its wait.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { renderBudget, type Release, type RenderBudgetSettings } from '../../../server/pages/render-budget';
import { fakeClock } from '../../support/fake-clock';

const settle = () => new Promise((resolve) => setImmediate(resolve));

function setup(overrides: Partial<RenderBudgetSettings> = {}, busy?: () => number) {
  const clock = fakeClock();
  const budget = renderBudget({ atOnce: 1, waiting: 100, waitMs: 60_000, share: 1, burstMs: 1_000_000, ...overrides }, { ...clock, busy });
  /** Every take, in order, with what it got once it got it. */
  const takes: Array<{ client: string; got?: Release | 'refused' }> = [];
  /** The takes that got a slot, in the order they got it. */
  const order: typeof takes = [];
  const take = (client: string) => {
    const entry: { client: string; got?: Release | 'refused' } = { client };
    takes.push(entry);
    void budget.take(client).then((release) => {
      entry.got = release ?? 'refused';
      if (release) order.push(entry);
    });
    return entry;
  };
  const started = () => takes.filter((t) => typeof t.got === 'function');
  return { clock, budget, take, takes, started, order };
}

describe('cached answers keep their share of the core while renders queue, for any number of clients: the render budget', () => {
  test('at most `atOnce` renders run; the others wait, and a release gives the slot to the next', async () => {
    const { budget, take, started } = setup({ atOnce: 2 });
    const [a, b, c] = [take('a'), take('b'), take('c')];
    await settle();
    assert.equal(started().length, 2);
    assert.equal(c.got, undefined, 'the third waits');
    assert.deepEqual(budget.state(), { running: 2, waiting: 1 });
    (a.got as Release)();
    (a.got as Release)(); // twice is once
    await settle();
    assert.equal(typeof c.got, 'function');
    assert.deepEqual(budget.state(), { running: 2, waiting: 0 });
    (b.got as Release)();
    (c.got as unknown as Release)();
    assert.deepEqual(budget.state(), { running: 0, waiting: 0 });
  });

  test('round robin by client: sixteen busy clients with four renders waiting each, and one visitor, who gets a slot before any of them gets a second waiting one', async () => {
    const { take, order } = setup();
    for (let round = 0; round < 4; round++) for (let i = 0; i < 16; i++) take(`busy-${i}`);
    take('visitor');
    await settle();
    // Release each running render in turn: the next in line gets the slot.
    for (let n = 0; n < 40; n++) {
      (order[n]!.got as Release)();
      await settle();
    }
    const served = order.map((t) => t.client);
    const visitorAt = served.indexOf('visitor');
    assert.ok(visitorAt >= 0, 'the visitor got a slot');
    // Past the render running when it came, the visitor waits for one waiting render per client at most.
    const before = served.slice(1, visitorAt);
    assert.equal(new Set(before).size, before.length, `no client had a second waiting render served before the visitor's first: ${before.join(' ')}`);
    assert.ok(visitorAt <= 17, `the visitor waited one round at most (${visitorAt} before it)`);
  });

  test('renders in all spend at most their share of the time: past it the next waits until there is time in hand again', async () => {
    const { clock, take, started } = setup({ share: 0.5, burstMs: 100 });
    const a = take('a');
    const b = take('b');
    await settle();
    clock.advance(300); // a renders 300 ms: 200 more than it had in hand
    (a.got as Release)();
    await settle();
    assert.equal(started().length, 1, 'b waits: renders spent their share');
    clock.advance(399); // 200 ms owed at half the time: 400 ms
    await settle();
    assert.equal(b.got, undefined);
    clock.advance(2);
    await settle();
    assert.equal(typeof b.got, 'function', 'b renders once time is in hand again');
  });

  test("a render costs the event loop's busy time, not its wall time: renders waiting on a slow content service do not spend the share", async () => {
    let busyMs = 0;
    const { clock, take, started } = setup({ share: 0.5, burstMs: 100 }, () => busyMs);
    const a = take('a');
    const b = take('b');
    await settle();
    clock.advance(3_000); // a waits three seconds on the content service...
    busyMs += 20; // ...and computes for 20 ms
    (a.got as Release)();
    await settle();
    assert.equal(started().length, 2, 'b renders at once: 20 ms spent of 100 in hand');
    assert.equal(typeof b.got, 'function');
  });

  test("the class, a cost counted once: renders side by side spend the event loop's busy time once, not once each", async () => {
    let busyMs = 0;
    const { clock, take, started } = setup({ atOnce: 4, share: 0.5, burstMs: 100 }, () => busyMs);
    const running = [take('a'), take('b'), take('c'), take('d')];
    const next = [take('e'), take('f'), take('g'), take('h')];
    await settle();
    assert.equal(started().length, 4);
    clock.advance(120);
    busyMs += 60; // the four compute side by side: 60 ms of the event loop in all
    for (const r of running) (r.got as Release)();
    await settle();
    // 100 ms in hand, 60 spent: the four waiting start. Counted once per render, 240 ms would be
    // spent, and the second of them would wait.
    assert.deepEqual(next.map((n) => typeof n.got), ['function', 'function', 'function', 'function']);
  });

  test('a bounded queue shared fairly: when it is full a newcomer takes the place of the newest render of the client with the most waiting, and is refused only when it would have as many', async () => {
    const { take } = setup({ waiting: 4 });
    take('hold'); // runs
    const busy = [take('busy'), take('busy'), take('busy'), take('busy')];
    const other = take('other');
    await settle();
    assert.equal(busy[3]!.got, 'refused', "the busy client's newest gives way");
    assert.equal(other.got, undefined, 'the newcomer waits');
    const third = take('third');
    await settle();
    assert.equal(busy[2]!.got, 'refused');
    assert.equal(third.got, undefined);
    take('fourth');
    await settle();
    assert.equal(busy[1]!.got, 'refused');
    // Now each of four clients has one waiting: a fifth would have as many, so it is refused.
    const fifth = take('fifth');
    await settle();
    assert.equal(fifth.got, 'refused');
    assert.equal(busy[0]!.got, undefined, "the busy client's first still waits");
  });

  test('a render that waited its wait limit is refused; one served in time is not', async () => {
    const { clock, budget, take } = setup({ waitMs: 5_000 });
    const running = take('a');
    const late = take('b');
    await settle();
    clock.advance(4_999);
    await settle();
    assert.equal(late.got, undefined);
    clock.advance(1);
    await settle();
    assert.equal(late.got, 'refused');
    assert.deepEqual(budget.state(), { running: 1, waiting: 0 });
    const inTime = take('c');
    clock.advance(1_000);
    (running.got as Release)();
    await settle();
    assert.equal(typeof inTime.got, 'function');
    clock.advance(10_000);
    await settle();
    assert.equal(typeof inTime.got, 'function', 'its timer was cancelled');
  });
});
