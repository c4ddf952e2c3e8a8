import { randomUUID } from 'node:crypto';
import { FEEDBACK_NOT_YOURS, type Job } from '@towing/contracts';
import { JobEntity, OutboxEntity, FeedbackEntity, findJobWithToken } from '@towing/db';
import { useSharedApi } from '../testing/use-shared-api.js';

const RATING = {
  rating: 5,
  serviceQuality: 5,
  responseTime: 4,
  communication: 5,
  value: 4,
  comments: 'Pulled us out of the creek in no time, great blokes.',
  recommend: 'yes',
};

describe('POST /api/feedback', () => {
  const api = useSharedApi();
  let completed: Job;
  let active: Job;
  const tokens = new Map<string, string>();

  const createJob = async (phone: string, status: string) => {
    const job: Job = (await api.client().post('/api/jobs', { phone })).body.job;
    // The dispatcher's status changes are the admin board's; here the job is simply put in the state under test.
    await api.dataSource.getRepository(JobEntity).update({ id: job.id }, { status: status as Job['status'] });
    tokens.set(job.id, (await findJobWithToken(api.dataSource, job.id))!.trackingToken);
    return job;
  };
  const countFeedback = () => api.dataSource.getRepository(FeedbackEntity).count();

  beforeAll(async () => {
    completed = await createJob('0412 111 222', 'Completed');
    active = await createJob('0412 111 333', 'En Route');
  });

  it.each([
    ['no job', { jobId: undefined }, 'jobId', 'Please select a job to review'],
    ['a blank job', { jobId: '  ' }, 'jobId', 'Please select a job to review'],
    ['no rating', { rating: undefined }, 'rating', 'Please provide a rating'],
    ['a rating of 0', { rating: 0 }, 'rating', 'Rating must be between 1-5'],
    ['a rating of 6', { rating: 6 }, 'rating', 'Rating must be between 1-5'],
    ['a fractional rating', { rating: 4.5 }, 'rating', 'Please provide a rating'],
    ['service quality of 6', { serviceQuality: 6 }, 'serviceQuality', 'Service quality rating must be between 1-5'],
    ['response time of 0', { responseTime: 0 }, 'responseTime', 'Response time rating must be between 1-5'],
    ['communication of 9', { communication: 9 }, 'communication', 'Communication rating must be between 1-5'],
    ['no value score', { value: undefined }, 'value', 'Please provide a value rating'],
    ['comments under 10 characters', { comments: 'Good job' }, 'comments', 'Please provide detailed feedback'],
    ['comments padded with spaces', { comments: '   ok      ' }, 'comments', 'Please provide detailed feedback'],
    ['a recommend outside yes, no, maybe', { recommend: 'definitely' }, 'recommend', 'Please choose yes, no or maybe'],
    ['an unknown field', { jobStatus: 'Completed' }, 'jobStatus', 'Unknown field'],
  ])('refuses %s with the spec message and stores nothing', async (_case, change, field, message) => {
    const before = await countFeedback();
    const response = await api.client().post('/api/feedback', { ...RATING, jobId: completed.id, token: tokens.get(completed.id), ...change });
    expect(response.status).toBe(400);
    expect(response.body.errors).toContainEqual({ field, message });
    expect(await countFeedback()).toBe(before);
  });

  it('refuses a job that is not completed yet', async () => {
    const response = await api.client().post('/api/feedback', { ...RATING, jobId: active.id, token: tokens.get(active.id) });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('Only a completed job can be rated');
  });

  it("answers a job that does not exist and a job the caller has not proved alike, and stores nothing", async () => {
    const unknown = await api.client().post('/api/feedback', { ...RATING, jobId: 'JOB-1999-1', token: 'guess' });
    const noToken = await api.client().post('/api/feedback', { ...RATING, jobId: completed.id });
    const wrongToken = await api.client().post('/api/feedback', { ...RATING, jobId: completed.id, token: tokens.get(active.id) });
    for (const response of [unknown, noToken, wrongToken]) {
      expect(response.status).toBe(404);
      expect(response.body.errors).toEqual([{ field: 'jobId', message: FEEDBACK_NOT_YOURS }]);
    }
    expect(await countFeedback()).toBe(0);
  });

  it('lets the account that sent a job rate it without the link', async () => {
    const customer = api.client();
    await customer.post('/api/auth/register', { username: 'rater', password: 'a-long-password', email: 'rater@example.com', firstName: 'Rae', lastName: 'Ter', phone: '0412 111 444' });
    await customer.post('/api/auth/login', { username: 'rater', password: 'a-long-password' });
    const mine: Job = (await customer.post('/api/sos', { phone: '0412 111 444' }, { 'Idempotency-Key': randomUUID() })).body.job;
    await api.dataSource.getRepository(JobEntity).update({ id: mine.id }, { status: 'Completed' });
    expect((await customer.post('/api/feedback', { ...RATING, jobId: mine.id })).status).toBe(201);
    expect((await api.client().post('/api/feedback', { ...RATING, jobId: mine.id })).status).toBe(404);
  });

  it('stores a completed job\'s rating once and tells the worker', async () => {
    const token = tokens.get(completed.id)!;
    expect((await api.client().get(`/api/jobs/search?query=${completed.id}&token=${token}`)).body.rated).toBe(false);
    const response = await api.client().post('/api/feedback', { ...RATING, jobId: completed.id.toLowerCase(), improvements: '  ', token });
    expect(response.status).toBe(201);
    expect(response.body.feedback).toMatchObject({ ...RATING, jobId: completed.id, improvements: null });
    const events = await api.dataSource.getRepository(OutboxEntity).findBy({ name: 'feedback.received' });
    expect(events.map((event) => event.payload)).toContainEqual({ feedbackId: response.body.feedback.id });

    const again = await api.client().post('/api/feedback', { ...RATING, jobId: completed.id, token });
    expect(again.status).toBe(409);
    expect(await countFeedback()).toBe(2);
    expect((await api.client().get(`/api/jobs/search?query=${completed.id}&token=${token}`)).body.rated).toBe(true);
  });
});
