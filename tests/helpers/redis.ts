import {describe} from '@jest/globals';
import {hasRedis} from './redis-server.js';

export {hasRedis, startRedis, type TestRedis} from './redis-server.js';

/**
 * `describe` when redis-server is installed. Without it the suite fails in CI (`CI=true`, where
 * `.ci/run` installs it), and is skipped with a message on a developer machine.
 */
export const describeWithRedis = ((): typeof describe | typeof describe.skip => {
  if (hasRedis) return describe;
  const hint = 'No redis-server found: install it with `apt-get install -y redis-server`.';
  if (process.env.CI === 'true') throw new Error(hint);
  process.stderr.write(`Skipping Redis tests. ${hint}\n`);
  return describe.skip;
})();
