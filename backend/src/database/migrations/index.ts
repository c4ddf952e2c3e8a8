import { InitialSchema1763683200000 } from './1763683200000-initial-schema.js';
import { BusinessTables1763683300000 } from './1763683300000-business-tables.js';
import { JobPhotos1763690000000 } from './1763690000000-job-photos.js';

/** Migrations in the order they run. Add new ones at the end; never edit a landed one. */
export const MIGRATIONS = [InitialSchema1763683200000, BusinessTables1763683300000, JobPhotos1763690000000];
