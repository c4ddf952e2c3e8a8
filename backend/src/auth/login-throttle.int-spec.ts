import { TEST_ADMIN } from '@towing/testkit';
import { useSharedApi } from '../testing/use-shared-api.js';
import { DEVICE_COOKIE } from './device-cookie.js';
import { ACCOUNT_FAILURES, ADDRESS_FAILURES, SLOWED_SECONDS } from './login-throttle.js';

/** The API trusts the loopback proxy here, so each X-Forwarded-For is its own client. */
describe('password guessing', () => {
  const api = useSharedApi();
  const login = (username: string, password: string, address: string) =>
    api.client().post('/api/auth/login', { username, password }, { 'X-Forwarded-For': address });

  /** Signs in from an address and answers the device cookie the API set ("name=value"). */
  const knownDevice = async (username: string, password: string, address: string): Promise<string> => {
    const answer = await login(username, password, address);
    expect(answer.status).toBe(200);
    const cookie = answer.headers.getSetCookie().find((line) => line.startsWith(`${DEVICE_COOKIE}=`));
    expect(cookie).toMatch(/HttpOnly/);
    return cookie!.split(';')[0]!;
  };
  const loginWithDevice = (device: string, username: string, password: string, address: string) =>
    api.client().post('/api/auth/login', { username, password }, { 'X-Forwarded-For': address, cookie: device });
  /** A fresh account, so each test starts with its own allowances. */
  const owner = async (username: string) => {
    const account = { username, password: 'a-long-password', email: `${username}@example.com`, firstName: 'Owner', lastName: 'Of', phone: '0412 555 001' };
    expect((await api.client().post('/api/auth/register', account, { 'X-Forwarded-For': '203.0.113.200' })).status).toBe(201);
    return account;
  };

  it('lets the admin in at once from a new address with its device cookie after 30 guesses from one address', async () => {
    const device = await knownDevice(TEST_ADMIN.username, TEST_ADMIN.password, '203.0.113.1');
    const statuses: number[] = [];
    for (let n = 0; n < ADDRESS_FAILURES; n += 1) statuses.push((await login('admin', `guess-${n}`, '198.51.100.7')).status);
    expect(statuses.slice(0, ACCOUNT_FAILURES)).toEqual(Array(ACCOUNT_FAILURES).fill(401));
    expect(statuses).toContain(429);
    expect((await login(TEST_ADMIN.username, TEST_ADMIN.password, '198.51.100.8')).status).toBe(429);

    expect((await loginWithDevice(device, TEST_ADMIN.username, TEST_ADMIN.password, '203.0.113.99')).status).toBe(200);
  });

  it('slows unknown clients once the account has taken its failures, and never locks the account for a known device', async () => {
    const account = await owner('slowed.owner');
    const device = await knownDevice(account.username, account.password, '203.0.113.2');
    const statuses: number[] = [];
    for (let n = 0; n < ACCOUNT_FAILURES + 2; n += 1) statuses.push((await login(account.username, `guess-${n}`, `198.51.100.${n + 20}`)).status);
    expect(statuses.slice(0, ACCOUNT_FAILURES)).toEqual(Array(ACCOUNT_FAILURES).fill(401));
    // Slowed: one unknown attempt per pace slot is checked, the next waits for the slot.
    expect(statuses.slice(ACCOUNT_FAILURES)).toEqual([401, 429]);

    const slowed = await login(account.username.toUpperCase(), account.password, '198.51.100.250');
    expect(slowed.status).toBe(429);
    const retryAfter = Number(slowed.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(SLOWED_SECONDS);
    expect(slowed.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests', errors: [] });

    expect((await loginWithDevice(device, account.username, 'a-typo', '198.51.100.251')).status).toBe(401);
    expect((await loginWithDevice(device, account.username, account.password, '198.51.100.251')).status).toBe(200);
  });

  it('takes a device cookie only for the account it was issued to, and only as issued', async () => {
    const account = await owner('device.owner');
    const device = await knownDevice(account.username, account.password, '203.0.113.3');
    const [name, value] = device.split('=') as [string, string];
    const forged = `${name}=${value.split('.')[0]}.${'A'.repeat(43)}`;
    const other = await owner('other.owner');
    const otherAccounts = await knownDevice(other.username, other.password, '203.0.113.4');
    for (let n = 0; n < ACCOUNT_FAILURES + 1; n += 1) await login(account.username, `guess-${n}`, `198.51.100.${n + 40}`);

    expect((await loginWithDevice(forged, account.username, account.password, '198.51.100.60')).status).toBe(429);
    expect((await loginWithDevice(otherAccounts, account.username, account.password, '198.51.100.61')).status).toBe(429);
    expect((await loginWithDevice(device, account.username, account.password, '198.51.100.62')).status).toBe(200);
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
    // The account's allowance, and at most the one slowed attempt of the current pace slot.
    expect(answers.filter((answer) => answer.status === 401).length).toBeLessThanOrEqual(ACCOUNT_FAILURES + 1);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(30 - ACCOUNT_FAILURES - 1);
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
