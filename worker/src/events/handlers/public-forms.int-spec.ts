import type { Email } from '@towing/contracts';
import { SocketListener, eventually, leaseSharedStack, type SystemLease } from '@towing/testkit';

const OFFICE = 'office@towing.test';

describe('public forms reach the office inbox through the outbox and the worker', () => {
  let stack: SystemLease;
  let admin: SocketListener;
  let stranger: SocketListener;

  beforeAll(async () => {
    stack = await leaseSharedStack('system', { worker: true });
    admin = await new SocketListener(stack.api.baseUrl, (await stack.api.adminClient()).cookie).connected();
    expect(await admin.watchLog('emails')).toEqual({ ok: true });
    stranger = await new SocketListener(stack.api.baseUrl).connected();
    expect(await stranger.watchLog('emails')).toMatchObject({ ok: false });
  });
  afterAll(async () => {
    admin?.close();
    stranger?.close();
    await stack?.release();
  });

  it('emails a contact message to the business once, stores it as a Contact Message and pushes email:created to admins', async () => {
    const message = `Grinding noise from the front left wheel, ref ${Date.now()}`;
    const response = await stack.api.client().post('/api/contact', {
      firstName: 'Priya',
      lastName: 'Sharma',
      phone: '0412 345 678',
      email: 'priya@example.com',
      serviceNeeded: 'Automotive Repair',
      message,
    });
    expect(response.status).toBe(201);

    const mail = await eventually(() => {
      const found = stack.smtp.to(OFFICE).filter((sent) => sent.raw.includes('Priya Sharma'));
      return found.length ? found : null;
    });
    expect(mail).toHaveLength(1);

    const [pushed] = await eventually(() => {
      const found = admin.received<Email>('email:created', (email) => email.customerInfo?.message === message);
      return found.length ? found : null;
    });
    expect(pushed).toMatchObject({ to: OFFICE, customerInfo: { name: 'Priya Sharma', phone: '0412 345 678', service: 'Automotive Repair' } });
    expect(stranger.received('email:created')).toHaveLength(0);
    // Stored once, in the notifications log: marked sent once the SMTP server took it, and the admin's list reads it there.
    await eventually(() => admin.received<Email>('email:updated', (email) => email.id === pushed.id && email.sent).length === 1);
    const listed = ((await (await stack.api.adminClient()).get('/api/emails')).body as Email[]).find((email) => email.id === pushed.id);
    expect(listed).toMatchObject({ to: OFFICE, subject: pushed.subject, customerInfo: pushed.customerInfo, sent: true });
  });

  it('emails a fleet contract inquiry to the business', async () => {
    const response = await stack.api.client().post('/api/fleet-contracts', {
      companyName: 'Red Dirt Haulage Pty Ltd',
      contactName: 'Sam Whitford',
      email: 'sam@reddirt.example',
      phone: '08 9144 1234',
      services: 'Mining Site Coverage, Remote Area Support',
    });
    expect(response.status).toBe(201);
    const mail = await eventually(() => {
      const found = stack.smtp.to(OFFICE).filter((sent) => sent.raw.includes('Red Dirt Haulage'));
      return found.length ? found : null;
    });
    expect(mail).toHaveLength(1);
    // The SMTP body is quoted-printable with soft line breaks; the stored copy is the plain HTML.
    const [pushed] = await eventually(() => {
      const found = admin.received<Email>('email:created', (email) => email.subject.includes('Red Dirt Haulage'));
      return found.length ? found : null;
    });
    expect(pushed.htmlContent).toContain('Mining Site Coverage, Remote Area Support');
  });
});
