import type { ReviewedTestimonial, Testimonial } from '@towing/contracts';
import { TestimonialEntity } from '@towing/db';
import { eventually, SocketListener, TEST_ADMIN, TEST_PUBLIC_URL, type TestClient } from '@towing/testkit';
import { useSharedApi } from '../testing/use-shared-api.js';

describe('testimonials wait for a staff member before going public', () => {
  // Each submission speaks for its own address through the loopback proxy.
  const api = useSharedApi();
  let admin: TestClient;
  let visitors = 0;

  beforeAll(async () => {
    admin = await api.adminClient();
  });

  /** Each submission from its own address, so the posting limit of one test does not spill into the next. */
  async function submit(name: string, message = 'Pulled the Hilux out of the Fortescue sand in no time.'): Promise<Testimonial> {
    visitors += 1;
    const response = await api.client().post('/api/testimonials', { name, message, service: '4x4 Recovery - Basic' }, { 'x-forwarded-for': `198.51.100.${visitors}` });
    expect(response.status).toBe(201);
    return response.body as Testimonial;
  }
  const publicIds = async () => ((await api.client().get('/api/testimonials')).body as Testimonial[]).map((testimonial) => testimonial.id);
  const review = async (status?: string) => (await admin.get(`/api/testimonials/review${status ? `?status=${status}` : ''}`)).body as ReviewedTestimonial[];
  const decide = (client: TestClient, id: number, body: unknown) => client.request('PATCH', `/api/testimonials/${id}`, body);

  it('lists a new testimonial as pending for staff, tells the board live, and shows it publicly once approved', async () => {
    // Like the board's own socket: a burst's board:batch reaches the listeners of each event in it.
    const { socket } = new SocketListener(api.baseUrl, admin.cookie!, TEST_PUBLIC_URL);
    const pushed: ReviewedTestimonial[] = [];
    socket.on('testimonial:updated', (testimonial) => pushed.push(testimonial));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    try {
      const testimonial = await submit('Jo Pearce');
      expect(await publicIds()).not.toContain(testimonial.id);
      expect((await review()).find((row) => row.id === testimonial.id)).toMatchObject({ status: 'pending', reviewedBy: null, reviewedAt: null });
      await eventually(() => pushed.find((row) => row.id === testimonial.id && row.status === 'pending'));

      const approved = await decide(admin, testimonial.id, { status: 'approved' });
      expect(approved.status).toBe(200);
      expect(approved.body).toMatchObject({ id: testimonial.id, status: 'approved', reviewedBy: TEST_ADMIN.username });
      expect(await publicIds()).toContain(testimonial.id);
      expect((await review()).map((row) => row.id)).not.toContain(testimonial.id);
      expect((await review('approved')).map((row) => row.id)).toContain(testimonial.id);
      await eventually(() => pushed.find((row) => row.id === testimonial.id && row.status === 'approved'));
    } finally {
      socket.close();
    }
  });

  it('keeps a rejected testimonial off the public list, and an approval can be withdrawn', async () => {
    const rejected = await submit('Spam Bot', 'Cheap watches at example.com');
    expect((await decide(admin, rejected.id, { status: 'rejected' })).status).toBe(200);
    expect(await publicIds()).not.toContain(rejected.id);

    const withdrawn = await submit('Sam Lee');
    await decide(admin, withdrawn.id, { status: 'approved' });
    await decide(admin, withdrawn.id, { status: 'rejected' });
    expect(await publicIds()).not.toContain(withdrawn.id);
  });

  it('lets only staff review, refuses a bad decision or status with the field, and answers 404 for an unknown one', async () => {
    const testimonial = await submit('Pat Kerr');
    expect((await decide(api.client(), testimonial.id, { status: 'approved' })).status).toBe(401);
    expect((await api.client().get('/api/testimonials/review')).status).toBe(401);

    const bad = await decide(admin, testimonial.id, { status: 'pending', featured: true });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'status', message: 'status must be approved or rejected' },
        { field: 'featured', message: 'Unknown field' },
      ]),
    );
    const badQuery = await admin.get('/api/testimonials/review?status=everything');
    expect(badQuery.status).toBe(400);
    expect(badQuery.body.errors).toEqual([{ field: 'status', message: 'status must be one of pending, approved, rejected' }]);
    expect((await decide(admin, 999_999, { status: 'approved' })).status).toBe(404);
    expect(await api.dataSource.getRepository(TestimonialEntity).findOneByOrFail({ id: testimonial.id })).toMatchObject({ status: 'pending', reviewedBy: null });
  });
});
