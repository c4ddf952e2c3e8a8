import { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '@towing/testkit';
import { dataSourceOptions } from './data-source.js';
import { NotificationEntity } from './entities/notification.entity.js';
import { returnedEntities } from './returned-rows.js';

describe('returnedEntities', () => {
  let database: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = await new DataSource(dataSourceOptions(database.url)).initialize();
  });

  afterAll(async () => {
    await dataSource.destroy();
    await database.drop();
  });

  it('reads rows a write answered with exactly as TypeORM reads them: dates, numbers, nulls and JSON', async () => {
    const notifications = dataSource.getRepository(NotificationEntity);
    const inserted = await notifications
      .createQueryBuilder()
      .insert()
      .values({ dedupeKey: 'event-1:sms:+61412345678', type: 'sms', jobId: 'JOB-2026-1', recipientPhone: '+61412345678', message: 'Help is coming' })
      .returning('*')
      .execute();
    const updated = await notifications
      .createQueryBuilder()
      .update()
      .set({ status: 'sent', sentAt: new Date('2026-11-23T01:02:03.000Z'), attempts: () => 'attempts + 1' })
      .where({ dedupeKey: 'event-1:sms:+61412345678' })
      .returning('*')
      .execute();
    const [fromInsert] = returnedEntities(dataSource, NotificationEntity, inserted.raw);
    const [fromUpdate] = returnedEntities(dataSource, NotificationEntity, updated.raw);
    expect(fromInsert).toBeInstanceOf(NotificationEntity);
    expect(fromInsert.status).toBe('pending');
    expect(fromUpdate).toEqual(await notifications.findOneByOrFail({ dedupeKey: 'event-1:sms:+61412345678' }));
    expect(fromUpdate.sentAt).toEqual(new Date('2026-11-23T01:02:03.000Z'));

    // A jsonb column comes back as the object it was written as.
    const email = await notifications
      .createQueryBuilder()
      .insert()
      .values({ dedupeKey: 'event-1:email:office@example.com', type: 'email', recipientEmail: 'office@example.com', subject: 'SOS', message: '<p>SOS</p>', customerInfo: { name: 'Kim', phone: '0412 345 678' } })
      .returning('*')
      .execute();
    expect(returnedEntities(dataSource, NotificationEntity, email.raw)).toEqual([await notifications.findOneByOrFail({ dedupeKey: 'event-1:email:office@example.com' })]);
  });
});
