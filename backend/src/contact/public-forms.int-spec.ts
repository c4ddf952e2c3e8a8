import { randomUUID } from 'node:crypto';
import { TestClient } from '@towing/testkit';
import { OutboxEntity, FleetInquiryEntity, ContactSubmissionEntity } from '@towing/db';
import { useSharedApi } from '../testing/use-shared-api.js';

const CONTACT = {
  firstName: 'Priya',
  lastName: 'Sharma',
  phone: '0412 345 678',
  email: 'priya@example.com',
  serviceNeeded: 'Automotive Repair',
  message: 'The Prado is making a grinding noise from the front left wheel.',
};

const FLEET = {
  companyName: 'Red Dirt Haulage Pty Ltd',
  contactName: 'Sam Whitford',
  email: 'sam@reddirt.example',
  phone: '08 9144 1234',
  fleetSize: '16-30',
  services: '24/7 Priority Recovery,Mining Site Coverage',
  requirements: 'Coverage for two pits south of Karratha.',
};

describe('public forms: contact, testimonials, fleet contracts', () => {
  const api = useSharedApi();

  /**
   * The API trusts X-Forwarded-For from the loopback proxy (TRUST_PROXY), so each test can speak from its own
   * address and the per-address limits of one test do not spill into the next.
   */
  let visitors = 0;
  function visitor(): TestClient {
    const client = api.client();
    visitors += 1;
    const address = `203.0.113.${visitors}`;
    const request = client.request.bind(client);
    client.request = (method, path, body, headers = {}) => request(method, path, body, { 'x-forwarded-for': address, ...headers });
    return client;
  }

  describe('POST /api/contact', () => {
    it('stores the message and records contact.received in the same transaction', async () => {
      const message = `${CONTACT.message} ${randomUUID()}`;
      const response = await visitor().post('/api/contact', { ...CONTACT, message });
      expect(response.status).toBe(201);
      const stored = await api.dataSource.getRepository(ContactSubmissionEntity).findOneByOrFail({ id: response.body.id });
      expect(stored).toMatchObject({ ...CONTACT, message });
      const events = await api.dataSource.getRepository(OutboxEntity).findBy({ name: 'contact.received' });
      expect(events.map((event) => event.payload)).toContainEqual({ contactId: stored.id });
    });

    it('keeps a phone typed with every bracket and dash the phone rule allows', async () => {
      const phone = '+61 (0) 412 - 345 - 678';
      const response = await visitor().post('/api/contact', { ...CONTACT, phone });
      expect(response.status).toBe(201);
      const stored = await api.dataSource.getRepository(ContactSubmissionEntity).findOneByOrFail({ id: response.body.id });
      expect([stored.phone, stored.phoneE164]).toEqual([phone, '+61412345678']);
    });

    it('answers every failing field with the spec messages and stores nothing', async () => {
      const before = await api.dataSource.getRepository(ContactSubmissionEntity).count();
      const response = await visitor().post('/api/contact', { ...CONTACT, firstName: ' ', phone: '0412', email: 'not-an-email', message: '' });
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual(
        expect.arrayContaining([
          { field: 'firstName', message: 'First name is required' },
          { field: 'phone', message: 'Please enter a valid phone number' },
          { field: 'email', message: 'Please enter a valid email address' },
          { field: 'message', message: 'Message is required' },
        ]),
      );
      expect(await api.dataSource.getRepository(ContactSubmissionEntity).count()).toBe(before);
    });

    it('refuses spam-sized bodies and unknown fields', async () => {
      const huge = await visitor().post('/api/contact', { ...CONTACT, message: 'x'.repeat(5001) });
      expect(huge.status).toBe(400);
      expect(huge.body.errors).toEqual([{ field: 'message', message: 'Message must be at most 5000 characters' }]);
      const extra = await visitor().post('/api/contact', { ...CONTACT, admin: true });
      expect(extra.status).toBe(400);
      expect(extra.body.errors).toEqual([{ field: 'admin', message: 'Unknown field' }]);
    });

    it('limits one address to 5 messages per 10 minutes, without touching other addresses or SOS', async () => {
      const client = visitor();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await client.post('/api/contact', CONTACT)).status);
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
      expect((await visitor().post('/api/contact', CONTACT)).status).toBe(201);
      for (let i = 0; i < 3; i += 1) {
        const sos = await client.post('/api/jobs', { phone: '0412 345 678' });
        expect(sos.status).toBe(201);
      }
    });
  });

  describe('/api/testimonials', () => {
    it('stores a testimonial with the defaults rating 5 and location Pilbara Region, kept from the public list until approved', async () => {
      const first = await visitor().post('/api/testimonials', { name: 'Jo', message: 'Pulled us out of the Fortescue sand.', service: '4x4 Recovery - Complex' });
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({ name: 'Jo', rating: 5, location: 'Pilbara Region', service: '4x4 Recovery - Complex' });
      const second = await visitor().post('/api/testimonials', {
        name: 'Lee',
        location: 'Wickham',
        rating: 4,
        message: 'Fixed the alternator roadside.',
        service: 'Mobile Mechanical Repairs',
      });
      expect(second.status).toBe(201);
      const list = await api.client().get('/api/testimonials');
      expect(list.status).toBe(200);
      expect(list.body.map((testimonial: { id: number }) => testimonial.id)).not.toEqual(expect.arrayContaining([first.body.id]));
      expect(list.body.map((testimonial: { id: number }) => testimonial.id)).not.toEqual(expect.arrayContaining([second.body.id]));
    });

    it('requires name, service and message, limits service to the list and rating to 1-5', async () => {
      const missing = await visitor().post('/api/testimonials', { name: '', message: '', service: 'Lawn Mowing' });
      expect(missing.status).toBe(400);
      expect(missing.body.errors).toEqual(
        expect.arrayContaining([
          { field: 'name', message: 'Name, service, and testimonial are required' },
          { field: 'message', message: 'Name, service, and testimonial are required' },
          { field: 'service', message: 'Name, service, and testimonial are required' },
        ]),
      );
      for (const rating of [0, 6, 4.5]) {
        const response = await visitor().post('/api/testimonials', { name: 'Jo', message: 'Great', service: 'Engine Repairs', rating });
        expect(response.status).toBe(400);
        expect(response.body.errors).toEqual([{ field: 'rating', message: 'Rating must be between 1-5' }]);
      }
    });

    it('rate-limits posting but never reading', async () => {
      const client = visitor();
      const body = { name: 'Jo', message: 'Great', service: 'Engine Repairs' };
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await client.post('/api/testimonials', body)).status);
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
      expect((await client.get('/api/testimonials')).status).toBe(200);
    });
  });

  describe('POST /api/fleet-contracts', () => {
    it('stores the inquiry with one service per element and records fleetInquiry.received', async () => {
      const response = await visitor().post('/api/fleet-contracts', FLEET);
      expect(response.status).toBe(201);
      const stored = await api.dataSource.getRepository(FleetInquiryEntity).findOneByOrFail({ id: response.body.id });
      expect(stored).toMatchObject({ companyName: FLEET.companyName, fleetSize: '16-30', services: ['24/7 Priority Recovery', 'Mining Site Coverage'] });
      const events = await api.dataSource.getRepository(OutboxEntity).findBy({ name: 'fleetInquiry.received' });
      expect(events.map((event) => event.payload)).toContainEqual({ inquiryId: stored.id });
    });

    it('accepts a missing fleet size and requirements', async () => {
      const { fleetSize: _size, requirements: _requirements, ...required } = FLEET;
      const response = await visitor().post('/api/fleet-contracts', required);
      expect(response.status).toBe(201);
      const stored = await api.dataSource.getRepository(FleetInquiryEntity).findOneByOrFail({ id: response.body.id });
      expect(stored).toMatchObject({ fleetSize: null, requirements: null });
    });

    it('requires the contact fields and at least one listed service', async () => {
      const response = await visitor().post('/api/fleet-contracts', { ...FLEET, companyName: '', services: '', email: 'x' });
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual(
        expect.arrayContaining([
          { field: 'companyName', message: 'Please fill in all required fields' },
          { field: 'services', message: 'Please select at least one service from the list' },
          { field: 'email', message: 'Please enter a valid email address' },
        ]),
      );
      const unknown = await visitor().post('/api/fleet-contracts', { ...FLEET, services: 'Lawn Mowing' });
      expect(unknown.status).toBe(400);
      const size = await visitor().post('/api/fleet-contracts', { ...FLEET, fleetSize: '5000' });
      expect(size.body.errors).toEqual([{ field: 'fleetSize', message: 'Please choose a fleet size from the list' }]);
    });
  });
});
