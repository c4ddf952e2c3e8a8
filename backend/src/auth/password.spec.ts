import { hashPassword, verifyPassword } from './password.js';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('bogged-at-millstream');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(stored).not.toContain('bogged-at-millstream');
    await expect(verifyPassword('bogged-at-millstream', stored)).resolves.toBe(true);
    await expect(verifyPassword('bogged-at-millstreaM', stored)).resolves.toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('refuses a stored value that is not one of ours', async () => {
    await expect(verifyPassword('x', 'plain-text')).resolves.toBe(false);
  });
});
