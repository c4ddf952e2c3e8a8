import { Like } from 'typeorm';
import { SessionEntity, UserEntity } from '@towing/db';
import { REGISTER_LIMIT } from './auth.controller.js';
import { useSharedApi } from '../testing/use-shared-api.js';

const ACCOUNT = {
  username: 'kim.nguyen',
  password: 'red-dirt-roads',
  email: 'kim@example.com',
  firstName: 'Kim',
  lastName: 'Nguyen',
  phone: '0412 345 678',
};

describe('auth', () => {
  const api = useSharedApi();

  it('registers a customer without returning the password or signing in', async () => {
    const client = api.client();
    const response = await client.post('/api/auth/register', ACCOUNT);
    expect(response.status).toBe(201);
    expect(response.body.user).toMatchObject({ username: 'kim.nguyen', firstName: 'Kim', role: 'customer' });
    expect(JSON.stringify(response.body)).not.toContain('red-dirt-roads');
    expect(JSON.stringify(response.body)).not.toContain('scrypt');
    expect(client.cookie).toBeUndefined();
  });

  it('refuses a duplicate username with a 409 naming the field', async () => {
    const byUsername = await api.client().post('/api/auth/register', { ...ACCOUNT, email: 'other@example.com' });
    expect(byUsername.status).toBe(409);
    expect(byUsername.body.errors).toEqual([{ field: 'username', message: 'This username is already taken' }]);
  });

  it('answers an email that has an account exactly as one that has none, and leaves that account alone', async () => {
    const users = api.dataSource.getRepository(UserEntity);
    const before = await users.findOneByOrFail({ username: ACCOUNT.username });
    const taken = await api.client().post('/api/auth/register', { ...ACCOUNT, username: 'kim2', email: 'KIM@Example.com', password: 'someone-elses-guess' });
    const free = await api.client().post('/api/auth/register', { ...ACCOUNT, username: 'kim3', email: 'nobody-has-this@example.com' });
    expect([taken.status, free.status]).toEqual([201, 201]);
    const shape = (body: { user: Record<string, unknown> }) => Object.keys(body.user).sort();
    expect(shape(taken.body)).toEqual(shape(free.body));
    expect(taken.body.user).toMatchObject({ username: 'kim2', role: 'customer' });
    expect(await users.findOneByOrFail({ id: before.id })).toEqual(before);
    const owner = api.client();
    const signIn = await owner.post('/api/auth/login', { username: ACCOUNT.username, password: ACCOUNT.password });
    expect(signIn.status).toBe(200);
    expect(signIn.body.user).toMatchObject({ username: ACCOUNT.username, email: ACCOUNT.email });
    expect((await owner.post('/api/auth/logout')).status).toBe(204);
    const intruder = await api.client().post('/api/auth/login', { username: ACCOUNT.username, password: 'someone-elses-guess' });
    expect(intruder.status).toBe(401);
  });

  it('validates registration fields', async () => {
    const response = await api.client().post('/api/auth/register', { ...ACCOUNT, username: 'x y', password: 'short', phone: '12' });
    expect(response.status).toBe(400);
    expect(response.body.errors.map((error: { field: string }) => error.field).sort()).toEqual(['password', 'phone', 'username']);
  });

  it('signs in with an httpOnly SameSite cookie, knows who you are, and signs out for good', async () => {
    const client = api.client();
    const visitor = await client.get('/api/auth/me');
    expect(visitor.status).toBe(200);
    expect(visitor.body).toEqual({ user: null });

    const login = await client.post('/api/auth/login', { username: ACCOUNT.username, password: ACCOUNT.password });
    expect(login.status).toBe(200);
    const setCookie = login.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^sid=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect((await client.get('/api/auth/me')).body.user.username).toBe(ACCOUNT.username);

    const sessionCookie = client.cookie;
    expect((await client.post('/api/auth/logout')).status).toBe(204);
    const replay = api.client();
    replay.cookie = sessionCookie;
    expect((await replay.get('/api/auth/me')).body).toEqual({ user: null });
    expect(await api.dataSource.getRepository(SessionEntity).count({ where: { user: { username: ACCOUNT.username } } })).toBe(0);
  });

  it('refuses a wrong password without saying which part was wrong', async () => {
    const wrongPassword = await api.client().post('/api/auth/login', { username: ACCOUNT.username, password: 'nope-nope' });
    const noSuchUser = await api.client().post('/api/auth/login', { username: 'nobody', password: 'nope-nope' });
    expect(wrongPassword.status).toBe(401);
    expect(noSuchUser.status).toBe(401);
    expect(wrongPassword.body.message).toBe('Invalid username or password');
    expect(noSuchUser.body.message).toBe('Invalid username or password');
  });

  it('answers admin calls 401 without a session and 403 for a customer', async () => {
    expect((await api.client().get('/api/notifications')).status).toBe(401);
    const customer = api.client();
    await customer.post('/api/auth/login', { username: ACCOUNT.username, password: ACCOUNT.password });
    const forbidden = await customer.get('/api/notifications');
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    expect((await customer.request('PUT', '/api/dispatch/drivers', { available: 3 })).status).toBe(403);
    const admin = await api.adminClient();
    expect((await admin.get('/api/notifications')).status).toBe(200);
  });

  it('refuses a username that differs from an existing one only in case, and signs in the one account', async () => {
    const twin = await api.client().post('/api/auth/register', { ...ACCOUNT, username: 'ADMIN', email: 'someone@example.com' });
    expect(twin.status).toBe(409);
    expect(twin.body.errors).toEqual([{ field: 'username', message: 'This username is already taken' }]);
    const admin = await api.client().post('/api/auth/login', { username: 'ADMIN', password: 'correct-horse-battery' });
    expect(admin.status).toBe(200);
    expect(admin.body.user).toMatchObject({ username: 'admin', role: 'admin' });
  });

  it('spends the same work on an unknown username as on a wrong password', async () => {
    const time = async (username: string) => {
      const started = process.hrtime.bigint();
      await api.client().post('/api/auth/login', { username, password: 'not-the-password' }, { 'X-Forwarded-For': '192.0.2.77' });
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      known.push(await time(ACCOUNT.username));
      unknown.push(await time(`nobody-${round}`));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[1]!;
    // Both run one scrypt; without the dummy hash the unknown name answered about 10x faster.
    expect(median(unknown)).toBeGreaterThan(median(known) / 3);
  });

  // Last: it spends this address's registration allowance.
  it('limits registrations per address (each costs a password hash): 429 with Retry-After', async () => {
    const answers = [];
    for (let n = 0; n <= REGISTER_LIMIT.points; n += 1) {
      answers.push(await api.client().post('/api/auth/register', { ...ACCOUNT, username: `flood-${n}`, email: `flood-${n}@example.com` }));
    }
    const created = answers.filter((answer) => answer.status === 201).length;
    expect(created).toBeLessThan(REGISTER_LIMIT.points);
    const last = answers.at(-1)!;
    expect(last.status).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests', errors: [] });
    expect(await api.dataSource.getRepository(UserEntity).countBy({ username: Like('flood-%') })).toBe(created);
  });
});
