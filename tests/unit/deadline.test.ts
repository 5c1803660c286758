import {describe, expect, it} from '@jest/globals';
import {createDeadline, narrowDeadline} from '../../src/deadline.js';

describe('createDeadline', () => {
  it('aborts with ETIMEOUT when the time is up', async () => {
    const deadline = createDeadline(20);
    await new Promise((resolve) => deadline.signal.addEventListener('abort', resolve));
    expect(deadline.signal.reason).toMatchObject({code: 'ETIMEOUT'});
    expect(deadline.remaining()).toBe(0);
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

  it('stops its timer on dispose', async () => {
    const deadline = createDeadline(10);
    deadline.dispose();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(deadline.signal.aborted).toBe(false);
  });
});
