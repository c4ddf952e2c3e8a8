import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { type Assignee, BUSINESS, type JobStatus, toE164 } from '@towing/contracts';
import { AnnouncementEntity, BookingEntity, dataSourceOptions, runMigrations, JobUpdateEntity, JobEntity, NotificationEntity } from '@towing/db';
import { bootEnvironment } from '@towing/platform';
import { todayInPerth } from '@towing/contracts';
import { nextJobId } from '../jobs/job-number.js';

/**
 * `npm run seed:demo`: a living board for a newcomer. Rows are written directly, without
 * domain events, so seeding never texts or emails anyone. Refuses a database that already
 * has jobs unless --force is given, so it cannot muddle real data.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const [dean, matt] = BUSINESS.staff.map((member) => member.firstName);

interface DemoJob {
  customerName: string;
  phone: string;
  email: string | null;
  service: string;
  location: string;
  notes: string | null;
  /** An SOS's answers and fix, in their own columns as the SOS command stores them. */
  vehicle?: string;
  situation?: string;
  gpsLat?: number;
  gpsLng?: number;
  status: JobStatus;
  assignedTo: Assignee;
  /** Hours ago the job came in. */
  age: number;
  /** Hours from now the crew is expected; negative is in the past. */
  eta: number | null;
  progress: number;
}

const JOBS: DemoJob[] = [
  { customerName: 'Kim Nguyen', phone: '0412 345 678', email: null, service: '4x4 Recovery', location: 'GPS: -20.736812, 116.846254 (Maitland River crossing)', notes: null, vehicle: '2016 Hilux SR5', situation: 'Bogged to the axles in the riverbed, water rising', gpsLat: -20.736812, gpsLng: 116.846254, status: 'Emergency', assignedTo: 'Unassigned', age: 0.1, eta: 0.4, progress: 0 },
  { customerName: 'Tahnee Roberts', phone: '0413 220 981', email: 'tahnee.r@example.com', service: '4x4 Recovery', location: 'Burrup Road near Hearson Cove turn-off, Dampier', notes: null, vehicle: 'Prado 150', situation: 'Rolled into soft sand on the dune track', status: 'Emergency', assignedTo: dean, age: 0.6, eta: 0.2, progress: 0 },
  { customerName: 'Rio Fleet Services', phone: '0491 570 110', email: 'fleet.karratha@example.com', service: 'Engine Service', location: 'Tom Price mine gate, light vehicle workshop', notes: '3 x Landcruiser 79 due 10,000 km service', status: 'Scheduled', assignedTo: matt, age: 20, eta: 26, progress: 0 },
  { customerName: 'Wickham Primary School', phone: '0419 022 734', email: 'admin@wickham-ps.example.com', service: 'Diagnostic Service', location: 'Wickham Drive, Wickham', notes: 'School bus check engine light', status: 'Assigned', assignedTo: matt, age: 3, eta: 4, progress: 0 },
  { customerName: 'Josh Paterson', phone: '0408 553 190', email: 'josh.p@example.com', service: 'Vehicle Repairs', location: 'Roebourne-Wittenoom Road, 12 km south of Roebourne', notes: 'Overheating, coolant leak from lower hose', status: 'En Route', assignedTo: dean, age: 1.2, eta: 0.5, progress: 25 },
  { customerName: 'Sarah Mitchell', phone: '0427 810 445', email: 'sarah.mitchell@example.com', service: '4x4 Recovery', location: 'Millstream-Chichester NP, Python Pool track', notes: 'Snapped CV joint, needs tow to Karratha', status: 'In Progress', assignedTo: 'Both', age: 5, eta: -1, progress: 50 },
  { customerName: 'Pilbara Ports crew', phone: '0488 117 302', email: null, service: 'Transmission Service', location: 'Dampier Port, Gate 3', notes: 'Gearbox whine on the Ranger PX3', status: 'In Progress', assignedTo: matt, age: 7, eta: -2, progress: 50 },
  { customerName: 'Liam O\'Connor', phone: '0401 664 219', email: 'liam.oc@example.com', service: '4x4 Recovery', location: 'Cleaverville Beach campground', notes: 'Stuck on the beach at low tide', status: 'Completed', assignedTo: dean, age: 30, eta: -29, progress: 100 },
  { customerName: 'Mia Chen', phone: '0432 908 551', email: 'mia.chen@example.com', service: 'Vehicle Repairs', location: 'Karratha Central car park', notes: 'Flat battery and starter motor', status: 'Completed', assignedTo: matt, age: 52, eta: -50, progress: 100 },
  { customerName: 'Newman Haulage', phone: '0491 570 199', email: 'ops@newman-haulage.example.com', service: 'Engine Service', location: 'Great Northern Hwy roadhouse, Newman', notes: null, status: 'Completed', assignedTo: 'Both', age: 120, eta: -118, progress: 100 },
  { customerName: 'Dylan Hayes', phone: '0416 775 338', email: null, service: 'Diagnostic Service', location: 'Point Samson marina', notes: 'Customer sorted it himself', status: 'Cancelled', assignedTo: 'Unassigned', age: 26, eta: null, progress: 0 },
  { customerName: 'Ava Thompson', phone: '0422 140 667', email: 'ava.t@example.com', service: '4x4 Recovery', location: 'Karijini Drive, 30 km east of Tom Price', notes: 'Duplicate of an SOS already handled', status: 'Cancelled', assignedTo: dean, age: 75, eta: null, progress: 25 },
];

const STATUS_PATH: Record<JobStatus, JobStatus[]> = {
  Assigned: ['Assigned'],
  Emergency: ['Emergency'],
  Scheduled: ['Scheduled'],
  'En Route': ['Assigned', 'En Route'],
  'In Progress': ['Assigned', 'En Route', 'In Progress'],
  Completed: ['Assigned', 'En Route', 'In Progress', 'Completed'],
  Cancelled: ['Assigned', 'Cancelled'],
};

async function seedJobs(manager: EntityManager, now: number): Promise<JobEntity[]> {
  const created: JobEntity[] = [];
  // Oldest first, so ids grow with age the way they would have.
  for (const demo of [...JOBS].sort((a, b) => b.age - a.age)) {
    const { age, eta, ...fields } = demo;
    const createdAt = new Date(now - age * HOUR);
    const job = await manager.getRepository(JobEntity).save(
      manager.getRepository(JobEntity).create({
        ...fields,
        phoneE164: toE164(fields.phone),
        id: await nextJobId(manager, createdAt),
        estimatedArrival: eta === null ? null : new Date(now + eta * HOUR),
        trackingToken: randomBytes(24).toString('base64url'),
        idempotencyKey: null,
        createdAt,
        updatedAt: createdAt,
      }),
    );
    const path = STATUS_PATH[demo.status];
    await manager.getRepository(JobUpdateEntity).insert(
      path.map((status, index) => ({
        jobId: job.id,
        status,
        message: index === 0 ? `Job created (${job.service})` : `Status changed from ${path[index - 1]} to ${status}`,
        createdAt: new Date(createdAt.getTime() + index * 20 * MINUTE),
      })),
    );
    created.push(job);
  }
  return created;
}

function perthDay(offsetDays: number, now: number): string {
  return todayInPerth(new Date(now + offsetDays * 24 * HOUR));
}

async function seedBookings(manager: EntityManager, now: number, jobs: JobEntity[]): Promise<void> {
  const bookings = manager.getRepository(BookingEntity);
  const pending = [
    { customerName: 'Hannah Walsh', phone: '0413 662 097', email: 'hannah.walsh@example.com', service: '4x4 Recovery - Complex', location: 'Warlu Road, 25 km past the Fortescue turn-off', preferredDate: perthDay(0, now), preferredTime: '02:00 PM', urgency: 'same-day' as const, description: 'Landcruiser stuck on a washed-out section, needs winching back onto the road', vehicleDetails: '2020 Landcruiser 200 with camper trailer' },
    { customerName: 'Ben Kowalski', phone: '0421 300 845', email: 'ben.k@example.com', service: 'Pre-purchase Inspection', location: 'Bulgarra, Karratha (seller\'s driveway)', preferredDate: perthDay(2, now), preferredTime: '09:30 AM', urgency: 'scheduled' as const, description: 'Looking at a 2014 Navara D40 before buying, want a full inspection', vehicleDetails: '2014 Nissan Navara D40' },
    { customerName: 'Grace Ellis', phone: '0438 991 204', email: 'grace.ellis@example.com', service: 'Emergency Towing', location: 'North West Coastal Hwy, Fortescue River Roadhouse', preferredDate: perthDay(0, now), preferredTime: '04:30 PM', urgency: 'emergency' as const, description: 'Engine seized on the highway, parked on the shoulder with hazards on', vehicleDetails: null },
    { customerName: 'Tom Alvarez', phone: '0419 448 763', email: 'tom.alvarez@example.com', service: 'General Maintenance', location: 'Nickol, Karratha', preferredDate: perthDay(5, now), preferredTime: '08:00 AM', urgency: 'scheduled' as const, description: 'Regular service and a check of the rear diff before a Karijini trip', vehicleDetails: '2018 Isuzu D-Max' },
    { customerName: 'Priya Sharma', phone: '0402 177 590', email: 'priya.s@example.com', service: 'Jump Start', location: 'Karratha Airport long-term car park, row F', preferredDate: perthDay(1, now), preferredTime: '08:30 AM', urgency: 'same-day' as const, description: 'Car has been sitting three weeks while on swing, battery is flat', vehicleDetails: 'Toyota Corolla' },
  ];
  for (const [index, booking] of pending.entries()) {
    const createdAt = new Date(now - (index + 1) * 35 * MINUTE);
    await bookings.save(bookings.create({ ...booking, phoneE164: toE164(booking.phone), status: 'pending', createdAt, updatedAt: createdAt }));
  }
  // Two bookings already approved into jobs, the way the board leaves them.
  for (const job of jobs.filter((candidate) => candidate.status === 'Scheduled' || candidate.customerName === 'Mia Chen')) {
    await bookings.save(
      bookings.create({
        customerName: job.customerName,
        phone: job.phone,
        phoneE164: job.phoneE164,
        email: job.email ?? 'office@example.com',
        service: job.service,
        location: job.location,
        preferredDate: perthDay(job.status === 'Scheduled' ? 1 : -2, now),
        preferredTime: '10:00 AM',
        urgency: 'scheduled',
        description: job.notes ?? 'Booked online',
        vehicleDetails: null,
        status: 'approved',
        jobId: job.id,
        createdAt: new Date(job.createdAt.getTime() - HOUR),
      }),
    );
  }
}

async function seedMessages(manager: EntityManager, now: number, jobs: JobEntity[], businessEmail: string): Promise<void> {
  const sos = jobs.find((job) => job.status === 'Emergency')!;
  const messages = [
    { subject: `URGENT: SOS ${sos.id} - ${sos.customerName}, ${sos.location}`.slice(0, 255), customerInfo: { name: sos.customerName, phone: sos.phone, service: sos.service, message: sos.notes ?? '' }, minutesAgo: 6, sent: true },
    { subject: 'Contact form: Fleet servicing for 12 utes', customerInfo: { name: 'Marcus Webb', phone: '0491 570 188', email: 'marcus.webb@example.com', service: 'Fleet Contracts', message: 'We run 12 Hiluxes out of Karratha and want a quote for scheduled servicing.' }, minutesAgo: 95, sent: true },
    { subject: 'Contact form: Recovery from Hamersley Gorge', customerInfo: { name: 'Ella Fraser', phone: '0417 203 559', email: 'ella.fraser@example.com', service: '4x4 Recovery', message: 'Urgent - mate is stuck near Hamersley Gorge, no reception there, I am in Tom Price now.' }, minutesAgo: 40, sent: false },
    { subject: 'Contact form: Question about pricing', customerInfo: { name: 'Noah Bennett', phone: '0425 884 016', email: 'noah.b@example.com', service: 'Vehicle Repairs', message: 'How much is a mobile mechanic call-out to Wickham?' }, minutesAgo: 300, sent: true },
  ];
  const notifications = manager.getRepository(NotificationEntity);
  for (const [index, message] of messages.entries()) {
    const at = new Date(now - message.minutesAgo * MINUTE);
    await notifications.save(
      notifications.create({
        dedupeKey: `demo:contact:${index}`,
        type: 'email',
        recipientEmail: businessEmail,
        subject: message.subject,
        message: `<p>${message.customerInfo.message}</p>`,
        customerInfo: message.customerInfo,
        status: message.sent ? 'sent' : 'recorded',
        sentAt: message.sent ? at : null,
        attempts: 1,
        createdAt: at,
        updatedAt: at,
      }),
    );
  }
  const oncall = BUSINESS.staff.map((member) => member.phoneE164);
  const rows = [
    { type: 'sms' as const, recipientPhone: '+61412345678', message: `${BUSINESS.shortName}: help is on the way for ${sos.id}.`, status: 'sent' as const },
    ...oncall.map((phone) => ({ type: 'sms' as const, recipientPhone: phone, message: `SOS ${sos.id}: ${sos.customerName} ${sos.phone}`, status: 'sent' as const })),
    { type: 'sms' as const, recipientPhone: '+61413220981', message: 'Twilio refused the number', status: 'failed' as const, error: 'The number is unverified' },
  ];
  for (const [index, row] of rows.entries()) {
    await notifications.save(
      notifications.create({
        ...row,
        dedupeKey: `demo:${sos.id}:${index}`,
        jobId: sos.id,
        recipientEmail: null,
        sentAt: row.status === 'sent' ? new Date(now - 5 * MINUTE) : null,
        attempts: 1,
      }),
    );
  }
}

async function seedAnnouncements(manager: EntityManager, now: number): Promise<void> {
  const announcements = manager.getRepository(AnnouncementEntity);
  await announcements.save([
    announcements.create({ title: 'Cyclone season: extended response times', message: 'During cyclone watches we prioritise life-safety recoveries. Call 0491 570 156 for emergencies.', type: 'warning', active: true, showAsPopup: true, showInSidebar: true, expiresAt: new Date(now + 14 * 24 * HOUR) }),
    announcements.create({ title: 'Now servicing Tom Price and Paraburdoo', message: 'Our second recovery truck is now based in Tom Price for faster call-outs.', type: 'info', active: true, showAsPopup: false, showInSidebar: true, expiresAt: null }),
    announcements.create({ title: 'Christmas closure for workshop bookings', message: 'The workshop is closed 25-26 December; emergency recovery runs as normal.', type: 'info', active: false, showAsPopup: true, showInSidebar: false, expiresAt: null }),
  ]);
}

const environment = await bootEnvironment('seed:demo');
await runMigrations(environment.databaseUrl);
const dataSource = await new DataSource(dataSourceOptions(environment.databaseUrl)).initialize();
try {
  const existing = await dataSource.getRepository(JobEntity).count();
  if (existing > 0 && !process.argv.includes('--force')) {
    console.error(`[seed:demo] The database already has ${existing} jobs; not adding demo data. Run with -- --force to add it anyway.`);
    process.exitCode = 1;
  } else {
    const now = Date.now();
    await dataSource.transaction(async (manager) => {
      const jobs = await seedJobs(manager, now);
      await seedBookings(manager, now, jobs);
      await seedMessages(manager, now, jobs, environment.businessEmail);
      await seedAnnouncements(manager, now);
    });
    console.log(`[seed:demo] Added ${JOBS.length} jobs in every status, 7 bookings (5 pending), 4 contact messages, 4 notifications and 3 announcements.`);
  }
} finally {
  await dataSource.destroy();
}
