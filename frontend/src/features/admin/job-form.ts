import { type Assignee, givenText, perthLocalToIso } from '@towing/contracts';

/** docs/rules.md, "Jobs": the services the create-job form offers. */
export const ADMIN_JOB_SERVICES = ['4x4 Recovery', 'Vehicle Repairs', 'Engine Service', 'Transmission Service', 'Diagnostic Service'] as const;

export interface JobFormValues {
  customerName: string;
  phone: string;
  email?: string;
  service?: string;
  location: string;
  /** A datetime-local value ('2025-03-01T14:30'), read as Perth time. */
  estimatedArrival?: string;
  assignedTo: Assignee;
  notes?: string;
}

/** The POST /api/jobs body: blank optional fields are left out rather than sent empty. */
export function toCreateJobBody(values: JobFormValues) {
  return {
    customerName: values.customerName?.trim() ?? '',
    phone: values.phone?.trim() ?? '',
    email: givenText(values.email),
    service: values.service ?? '',
    location: values.location?.trim() ?? '',
    estimatedArrival: values.estimatedArrival ? perthLocalToIso(values.estimatedArrival) : undefined,
    assignedTo: values.assignedTo,
    notes: givenText(values.notes),
  };
}
