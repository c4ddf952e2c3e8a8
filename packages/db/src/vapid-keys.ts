import type { DataSource } from 'typeorm';
import { SettingEntity } from './entities/setting.entity.js';

/** A Web Push key pair, URL-safe base64 (the environment's VapidSettings). */
export interface VapidKeyPair {
  publicKey: string;
  privateKey: string;
}

/** What of the environment decides the keys. */
interface VapidEnvironment {
  nodeEnv: string;
  vapid?: VapidKeyPair;
}

/** The settings row holding the key pair `npm start` made for a development machine. */
const DEVELOPMENT_VAPID_SETTING = 'developmentVapidKeys';

/**
 * The keys every push is signed with: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set; in
 * development, the pair made once at the first `npm start` (ensureDevelopmentVapidKeys), so the
 * API and the worker agree and devices stay subscribed across restarts; otherwise none (no push).
 */
export async function resolveVapidKeys(environment: VapidEnvironment, dataSource: DataSource): Promise<VapidKeyPair | undefined> {
  if (environment.vapid) return environment.vapid;
  if (environment.nodeEnv !== 'development') return undefined;
  const row = await dataSource.getRepository(SettingEntity).findOneBy({ key: DEVELOPMENT_VAPID_SETTING });
  return (row?.value as VapidKeyPair | undefined) ?? undefined;
}

/** In development without VAPID_* set: makes the pair once and keeps it; answers it when it was made now. */
export async function ensureDevelopmentVapidKeys(
  environment: VapidEnvironment,
  dataSource: DataSource,
  generate: () => VapidKeyPair,
): Promise<VapidKeyPair | undefined> {
  if (environment.vapid || environment.nodeEnv !== 'development') return undefined;
  if (await resolveVapidKeys(environment, dataSource)) return undefined;
  const { publicKey, privateKey } = generate();
  const inserted = await dataSource
    .getRepository(SettingEntity)
    .createQueryBuilder()
    .insert()
    .values({ key: DEVELOPMENT_VAPID_SETTING, value: { publicKey, privateKey } })
    .orIgnore()
    .returning('key')
    .execute();
  // Another start made them a moment earlier: theirs are the keys.
  return (inserted.raw as unknown[]).length > 0 ? { publicKey, privateKey } : undefined;
}
