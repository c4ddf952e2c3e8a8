import { TEST_ADMIN } from '@towing/testkit';
import { useApi } from '../testing/use-api.js';
import { ACCOUNT_FAILURES, ADDRESS_FAILURES } from './login-throttle.js';

/** The API trusts the loopback proxy here, so each X-Forwarded-For is its own client. */
describe('password guessing', () => {
  const api = useApi({ TRUST_PROXY: 'loopback' });
  const login = (username: string, password: string, address: string) =>
    api.client().post('/api/auth/login', { username, password }, { 'X-Forwarded-For': address });

  it('lets the admin sign in from a known address while the account is under attack from elsewhere', async () => {
    expect((await login(TEST_ADMIN.username, TEST_ADMIN.password, '203.0.113.1')).status).toBe(200);
    const statuses: number[] = [];
    for (let n = 0; n < ACCOUNT_FAILURES + 2; n += 1) statuses.push((await login('admin', `guess-${n}`, `198.51.100.${n + 1}`)).status);
    expect(statuses.slice(0, ACCOUNT_FAILURES)).toEqual(Array(ACCOUNT_FAILURES).fill(401));
    expect(statuses.slice(ACCOUNT_FAILURES)).toEqual([429, 429]);

    const blocked = await login('Admin', TEST_ADMIN.password, '198.51.100.250');
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(blocked.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests', errors: [] });

    expect((await login(TEST_ADMIN.username, TEST_ADMIN.password, '203.0.113.1')).status).toBe(200);
  });

  it('blocks one address guessing across many accounts, and not its neighbours', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < ADDRESS_FAILURES + 1; n += 1) statuses.push((await login(`user-${n}`, 'wrong-password', '192.0.2.10')).status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(ADDRESS_FAILURES);
    expect(statuses.at(-1)).toBe(429);
    expect((await login('user-x', 'wrong-password', '192.0.2.11')).status).toBe(401);
  });

  it('counts guesses sent all at once before any password is checked', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, n) => login('parallel-target', `guess-${n}`, `198.51.100.${100 + n}`)));
    expect(answers.filter((answer) => answer.status === 401).length).toBeLessThanOrEqual(ACCOUNT_FAILURES);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(30 - ACCOUNT_FAILURES);
    for (const answer of refused) expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);

    const fromOneAddress = await Promise.all(Array.from({ length: ADDRESS_FAILURES + 10 }, (_, n) => login(`someone-${n}`, 'wrong-password', '192.0.2.77')));
    expect(fromOneAddress.filter((answer) => answer.status === 401).length).toBeLessThanOrEqual(ADDRESS_FAILURES);
    expect(fromOneAddress.filter((answer) => answer.status === 429).length).toBeGreaterThanOrEqual(10);
  });

  it('gives the attempt back on the right password, so signing in often never locks anyone out', async () => {
    const account = { username: 'often.signs.in', password: 'a-long-password', email: 'often@example.com', firstName: 'Often', lastName: 'In', phone: '0412 555 000' };
    expect((await api.client().post('/api/auth/register', account, { 'X-Forwarded-For': '203.0.113.50' })).status).toBe(201);
    for (let n = 0; n < ACCOUNT_FAILURES + 2; n += 1) expect((await login(account.username, account.password, `203.0.113.${60 + n}`)).status).toBe(200);
  });

  it('counts every address of one IPv6 /64 as one client', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < ADDRESS_FAILURES + 1; n += 1) statuses.push((await login(`v6-user-${n}`, 'wrong-password', `2001:db8:7:1::${(n + 1).toString(16)}`)).status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(ADDRESS_FAILURES);
    expect(statuses.at(-1)).toBe(429);
    expect((await login('v6-user-x', 'wrong-password', '2001:db8:7:1:ffff::1')).status).toBe(429);
    expect((await login('v6-user-x', 'wrong-password', '2001:db8:7:2::1')).status).toBe(401);
  });
});
