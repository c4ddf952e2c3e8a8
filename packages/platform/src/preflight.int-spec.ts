import { loadEnvironment } from './environment.js';
import { checkServices } from './preflight.js';

describe('checkServices', () => {
  it('passes when PostgreSQL and Redis answer', async () => {
    await expect(checkServices(loadEnvironment({}))).resolves.toEqual([]);
  });

  // A refused connection is answered at once; the test's own timeout bounds the checks.
  it('names each unreachable service, its URL without the password, and how to start it', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;
    const timersBefore = timers();
    const problems = await checkServices(
      loadEnvironment({ DATABASE_URL: 'postgres://postgres:secret@127.0.0.1:1/towing', REDIS_URL: 'redis://127.0.0.1:1' }),
    );
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^Cannot reach PostgreSQL at postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:1\/towing \(.*ECONNREFUSED.*\): start it with/);
    expect(problems[1]).toMatch(/^Cannot reach Redis at redis:\/\/127\.0\.0\.1:1 \(.*ECONNREFUSED.*\): start it with/);
    expect(problems.join()).not.toContain('secret');
    // Nothing of the checks is left to keep the process alive: a failed preflight exits at once.
    expect(timers()).toBe(timersBefore);
  });
});
