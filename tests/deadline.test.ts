import {describe, expect, it} from '@jest/globals';
import {createDeadline, narrowDeadline, type Deadline} from '../src/deadline.js';

describe('createDeadline', () => {
  it('aborts with ETIMEOUT when the time is up', async () => {
    const deadline = createDeadline(20);
    await new Promise((resolve) => deadline.signal.addEventListener('abort', resolve));
    expect(deadline.signal.reason).toMatchObject({code: 'ETIMEOUT'});
    expect(deadline.remaining()).toBe(0);
  });

  it('has no time left once it aborted, whenever in the millisecond it was started', async () => {
    // The timer counts on the event loop's clock and remaining() on Date.now(); their whole
    // milliseconds do not line up, so a timer may fire while Date.now() is 1 ms short of expiresAt.
    const deadlines: Deadline[] = [];
    for (let index = 0; index < 40; index++) {
      deadlines.push(createDeadline(20));
      for (const start = performance.now(); performance.now() < start + 0.2; );
    }
    const left = await Promise.all(
      deadlines.map((deadline) => new Promise<number>((resolve) => deadline.signal.addEventListener('abort', () => resolve(deadline.remaining())))),
    );
    expect(left.filter((ms) => ms !== 0)).toEqual([]);
  });

  it('aborts with EABORTED when the caller aborts, keeping the reason as cause', () => {
    const controller = new AbortController();
    const deadline = createDeadline(10_000, controller.signal);
    controller.abort(new Error('user left'));
    expect(deadline.signal.reason).toMatchObject({code: 'EABORTED'});
    expect((deadline.signal.reason as Error).cause).toEqual(new Error('user left'));
  });

  it('starts aborted when the caller signal already is', () => {
    expect(createDeadline(10_000, AbortSignal.abort()).signal.aborted).toBe(true);
  });

  it('passes an outer ETIMEOUT through to a narrowed child unchanged', async () => {
    const outer = createDeadline(20);
    const inner = narrowDeadline(outer, 10_000);
    expect(inner.remaining()).toBeLessThanOrEqual(20);
    await new Promise((resolve) => inner.signal.addEventListener('abort', resolve));
    expect(inner.signal.reason).toBe(outer.signal.reason);
  });

  it('passes the outer ETIMEOUT through whenever the narrowing happens within the outer budget', async () => {
    // The clock moves on between creating and narrowing (a lot, on a busy machine); the child's
    // remainder is then rounded to whole ms against a timer clock of another phase. Narrowing at
    // 40 points spread over 8 ms covers those phases.
    const pairs: {outer: Deadline; inner: Deadline}[] = [];
    for (let index = 0; index < 40; index++) {
      const outer = createDeadline(30);
      for (const start = performance.now(); performance.now() < start + 0.2; );
      const inner = narrowDeadline(outer, 10_000);
      expect(inner.expiresAt).toBe(outer.expiresAt);
      pairs.push({outer, inner});
    }
    await Promise.all(pairs.map(({inner}) => new Promise((resolve) => inner.signal.addEventListener('abort', resolve))));
    const ownReasons = pairs.filter(({outer, inner}) => inner.signal.reason !== outer.signal.reason);
    expect(ownReasons.map(({inner}) => String(inner.signal.reason))).toEqual([]);
  });

  it('still ends a narrowed child at its own, shorter limit with its own ETIMEOUT', async () => {
    const outer = createDeadline(10_000);
    const inner = narrowDeadline(outer, 20);
    await new Promise((resolve) => inner.signal.addEventListener('abort', resolve));
    expect(inner.signal.reason).toMatchObject({code: 'ETIMEOUT'});
    expect(outer.signal.aborted).toBe(false);
    outer.dispose();
  });

  it('stops its timer on dispose', async () => {
    const deadline = createDeadline(10);
    deadline.dispose();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(deadline.signal.aborted).toBe(false);
  });
});
