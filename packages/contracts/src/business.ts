/**
 * Everything the site says about who we are. The spec hides the real names and numbers;
 * these are the business's own details and the only place they are written down.
 * Phone numbers are from ACMA's ranges reserved for fiction.
 */
export interface StaffMember {
  firstName: string;
  lastName: string;
  role: string;
  phone: string;
  /** E.164 form, for SMS alerts and tel: links. */
  phoneE164: string;
}

export const BUSINESS = {
  name: 'Spinifex Recovery & Mechanical',
  shortName: 'Spinifex Recovery',
  abn: '51 824 753 556',
  email: 'dispatch@spinifexrecovery.com.au',
  phone: '0491 570 156',
  phoneE164: '+61491570156',
  base: 'Karratha WA',
  timeZone: 'Australia/Perth',
  locale: 'en-AU',
  staff: [
    {
      firstName: 'Dean',
      lastName: 'Harlow',
      role: 'Co-Owner & Recovery Specialist',
      phone: '0491 570 157',
      phoneE164: '+61491570157',
    },
    {
      firstName: 'Matt',
      lastName: 'Kerrigan',
      role: 'Co-Owner & Mechanical Expert',
      phone: '0491 570 158',
      phoneE164: '+61491570158',
    },
  ] as const satisfies readonly StaffMember[],
} as const;

/** The names a job can be assigned to, as the admin selector offers them. */
export const ASSIGNEES = [
  BUSINESS.staff[0].firstName,
  BUSINESS.staff[1].firstName,
  'Both',
  'Unassigned',
] as const satisfies readonly Assignee[];
/**
 * Who a job is assigned to: an owner, both, nobody, or the first name of a driver account an
 * admin created (drivers take jobs by their own name from /driver). `string & {}` keeps the
 * named ones visible to the editor while admitting those names.
 */
export type Assignee = (typeof BUSINESS.staff)[number]['firstName'] | 'Both' | 'Unassigned' | (string & {});

/** The board's word for "nobody yet": every new job starts with it. */
export const UNASSIGNED = 'Unassigned' satisfies Assignee;

/** The owners a job sends out: the one named, both for 'Both', nobody while unassigned. */
export function assignedDrivers(assignedTo: string): string[] {
  if (assignedTo === 'Both') return BUSINESS.staff.map((member) => member.firstName);
  const name = assignedTo.trim();
  return name && name !== UNASSIGNED ? [name] : [];
}

/**
 * Who the customer is told is coming (docs/rules.md, "Named driver"): a driver's first name,
 * both owners' names for 'Both' ("Dean and Matt"), null while nobody is assigned.
 */
export function namedDriver(assignedTo: string): string | null {
  const drivers = assignedDrivers(assignedTo);
  return drivers.length ? drivers.join(' and ') : null;
}

/** True once the job names who is coming (see {@link namedDriver}). */
export function isDriverNamed(assignedTo: string): boolean {
  return namedDriver(assignedTo) !== null;
}
