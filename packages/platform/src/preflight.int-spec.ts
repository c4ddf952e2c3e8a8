import { loadEnvironment } from './environment.js';
import { checkServices } from './preflight.js';

/**
 * The timers this process holds: what the checks leave would keep a process alive. The test
 * environment's own timers may end meanwhile, so a check may find fewer, never more.
 */
const timers = () => process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;

describe('checkServices', () => {
  it('passes when PostgreSQL and Redis answer, and leaves nothing behind', async () => {
    const timersBefore = timers();
    await expect(checkServices(loadEnvironment({}))).resolves.toEqual([]);
    expect(timers()).toBeLessThanOrEqual(timersBefore);
  });

  // A refused connection is answered at once; the test's own timeout bounds the checks.
  it('names each unreachable service, its URL without the password, and how to start it', async () => {
    const timersBefore = timers();
    const problems = await checkServices(
      loadEnvironment({ DATABASE_URL: 'postgres://postgres:secret@127.0.0.1:1/towing', REDIS_URL: 'redis://127.0.0.1:1' }),
    );
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^Cannot reach PostgreSQL at postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:1\/towing \(.*ECONNREFUSED.*\): start it with/);
    expect(problems[1]).toMatch(/^Cannot reach Redis at redis:\/\/127\.0\.0\.1:1 \(.*ECONNREFUSED.*\): start it with/);
    expect(problems.join()).not.toContain('secret');
    // Nothing of the checks is left to keep the process alive: a failed preflight exits at once.
    expect(timers()).toBeLessThanOrEqual(timersBefore);
  });
});
