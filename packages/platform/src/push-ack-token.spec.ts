import { createECDH } from 'node:crypto';
import { EnvironmentError, loadEnvironment } from './environment.js';
import { signPushAckToken, verifyPushAckToken } from './push-ack-token.js';

function keyPair() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: Buffer.from(ecdh.getPrivateKey().toString('hex').padStart(64, '0'), 'hex').toString('base64url') };
}

describe('push acknowledgement tokens', () => {
  const keys = keyPair();
  const claim = { jobId: 'JOB-2026-1', owner: 'dean', expiresAt: Date.now() + 60_000 };

  it('give back their claim until they expire', () => {
    const token = signPushAckToken(keys, claim);
    expect(verifyPushAckToken(keys, token)).toEqual(claim);
    expect(verifyPushAckToken(keys, token, claim.expiresAt)).toBeNull();
  });

  it('are refused when signed with other keys or altered', () => {
    const token = signPushAckToken(keys, claim);
    expect(verifyPushAckToken(keyPair(), token)).toBeNull();
    const [, mac] = token.split('.');
    const otherOwner = Buffer.from(JSON.stringify([claim.jobId, 'matt', claim.expiresAt])).toString('base64url');
    expect(verifyPushAckToken(keys, `${otherOwner}.${mac}`)).toBeNull();
    expect(verifyPushAckToken(keys, `${token}.x`)).toBeNull();
    expect(verifyPushAckToken(keys, '')).toBeNull();
  });
});

describe('VAPID variables', () => {
  it('are read as a pair, with the business address as the default subject', () => {
    const keys = keyPair();
    const environment = loadEnvironment({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, BUSINESS_EMAIL: 'office@towing.test' });
    expect(environment.vapid).toEqual(keys);
    expect(environment.vapidSubject).toBe('mailto:office@towing.test');
    expect(loadEnvironment({}).vapid).toBeUndefined();
  });

  it('are refused when only one is set or a key is not a P-256 key', () => {
    expect(() => loadEnvironment({ VAPID_PUBLIC_KEY: keyPair().publicKey })).toThrow(EnvironmentError);
    expect(() => loadEnvironment({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: keyPair().privateKey })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => loadEnvironment({ VAPID_SUBJECT: 'office@towing.test' })).toThrow(/VAPID_SUBJECT/);
  });
});
