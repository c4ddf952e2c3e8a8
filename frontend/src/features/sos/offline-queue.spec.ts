import type { Job, SosResponse } from '@towing/contracts';
import { dequeue, enqueue, flushQueue, QUEUE_STORAGE_KEY, type QueuedEmergency, readQueue } from './offline-queue';

const entry = (key: string, phone = '0400 123 456'): QueuedEmergency => ({
  idempotencyKey: key,
  request: { phone, customerName: 'Jess Tran', vehicle: 'Hilux', gps: { lat: -20.7, lng: 116.8, accuracyM: 10, fixedAt: '2025-03-01T02:00:00.000Z' } },
  timestamp: '2025-03-01T02:00:00.000Z',
});

const jobFor = (queued: QueuedEmergency): SosResponse => ({ job: { id: `JOB-${queued.idempotencyKey}` } as Job, trackingPath: `/customer-portal?search=JOB-${queued.idempotencyKey}` });

beforeEach(() => localStorage.clear());

describe('the offline SOS queue', () => {
  it('keeps entries across reads, one per idempotency key', () => {
    enqueue(entry('a'));
    enqueue(entry('b'));
    enqueue(entry('a', '0499 999 999'));
    expect(readQueue().map((queued) => [queued.idempotencyKey, queued.request.phone])).toEqual([
      ['b', '0400 123 456'],
      ['a', '0499 999 999'],
    ]);
    dequeue('b');
    expect(readQueue().map((queued) => queued.idempotencyKey)).toEqual(['a']);
    dequeue('a');
    expect(localStorage.getItem(QUEUE_STORAGE_KEY)).toBeNull();
  });

  it('survives unreadable storage', () => {
    localStorage.setItem(QUEUE_STORAGE_KEY, '{not json');
    expect(readQueue()).toEqual([]);
    localStorage.setItem(QUEUE_STORAGE_KEY, JSON.stringify([{ junk: true }, entry('ok')]));
    expect(readQueue().map((queued) => queued.idempotencyKey)).toEqual(['ok']);
  });

  it('sends oldest first with each entry, removing what the server accepted', async () => {
    enqueue(entry('first'));
    enqueue(entry('second'));
    const sent: string[] = [];
    const result = await flushQueue(async (queued) => {
      sent.push(queued.idempotencyKey);
      return jobFor(queued);
    });
    expect(sent).toEqual(['first', 'second']);
    expect(result.map(({ job }) => job.id)).toEqual(['JOB-first', 'JOB-second']);
    expect(readQueue()).toEqual([]);
  });

  it('stops at the first failure and keeps the rest, in order, for the next try', async () => {
    enqueue(entry('first'));
    enqueue(entry('second'));
    enqueue(entry('third'));
    let calls = 0;
    const result = await flushQueue(async (queued) => {
      calls += 1;
      if (queued.idempotencyKey === 'second') throw new TypeError('Failed to fetch');
      return jobFor(queued);
    });
    expect(calls).toBe(2);
    expect(result.map(({ entry: queued }) => queued.idempotencyKey)).toEqual(['first']);
    expect(readQueue().map((queued) => queued.idempotencyKey)).toEqual(['second', 'third']);
  });

  it('drops a request the server refuses for good and goes on with the rest', async () => {
    enqueue(entry('malformed', 'not a phone'));
    enqueue(entry('good'));
    const refused = new Error('400: Bad Request');
    const result = await flushQueue(
      async (queued) => {
        if (queued.idempotencyKey === 'malformed') throw refused;
        return jobFor(queued);
      },
      (error) => error === refused,
    );
    expect(result.map(({ job }) => job.id)).toEqual(['JOB-good']);
    expect(readQueue()).toEqual([]);
  });

  it('joins a flush already running instead of sending an entry twice', async () => {
    enqueue(entry('only'));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    const send = async (queued: QueuedEmergency) => {
      calls += 1;
      await gate;
      return jobFor(queued);
    };
    const online = flushQueue(send);
    const pageLoad = flushQueue(send);
    release();
    const [fromOnline, fromLoad] = await Promise.all([online, pageLoad]);
    expect(calls).toBe(1);
    expect(fromOnline).toBe(fromLoad);
    expect(readQueue()).toEqual([]);
  });
});
