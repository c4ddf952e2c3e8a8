import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * Until now an SOS's vehicle and situation were written into the job's notes, and an SOS from
 * the spec's emergency payload also carried its GPS fix and a map link there:
 *
 *   EMERGENCY RECOVERY REQUEST
 *   GPS: -20.736812, 116.846254          (spec payload only)
 *   Vehicle: 2019 Hilux
 *   Situation: Bogged to the axles
 *   Google Maps: https://maps.google.com/?q=-20.736812,116.846254   (spec payload only)
 *   ...lines a dispatcher added later
 *
 * and an approved booking's vehicle was appended to its description: "{description}\nVehicle: {vehicle}".
 * This moves each into its column and leaves in the notes only the lines a person wrote.
 */
const MARKER = 'EMERGENCY RECOVERY REQUEST';
const GPS_LINE = String.raw`^GPS: (-?\d{1,2}\.\d{3,}),\s*(-?\d{1,3}\.\d{3,})`;

/** The notes of an SOS, one row per line with its position. */
const LINES = `unnest(string_to_array(jobs.notes, E'\\n')) WITH ORDINALITY AS line(text, n)`;

function fieldLine(prefix: string): string {
  return `(SELECT substr(line.text, ${prefix.length + 1}) FROM ${LINES} WHERE n > 1 AND line.text LIKE '${prefix}%' ORDER BY n LIMIT 1)`;
}

export class SosAsData1795440000000 implements MigrationInterface {
  name = 'SosAsData1795440000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "jobs" ADD "vehicle" text`);
    await queryRunner.query(`ALTER TABLE "jobs" ADD "situation" text`);

    // A fix only the notes held (the spec payload's GPS line), taken when the job was created.
    await queryRunner.query(
      `UPDATE jobs SET gps_lat = found.fix[1]::double precision, gps_lng = found.fix[2]::double precision, gps_fixed_at = jobs.created_at
       FROM (SELECT id, regexp_match(notes, $1, 'n') AS fix FROM jobs WHERE gps_lat IS NULL AND notes LIKE $2) AS found
       WHERE jobs.id = found.id AND found.fix IS NOT NULL
         AND abs(found.fix[1]::double precision) <= 90 AND abs(found.fix[2]::double precision) <= 180`,
      [GPS_LINE, `${MARKER}%`],
    );

    await queryRunner.query(
      `UPDATE jobs SET
         vehicle = ${fieldLine('Vehicle: ')},
         situation = ${fieldLine('Situation: ')},
         notes = NULLIF((SELECT string_agg(line.text, E'\\n' ORDER BY n) FROM ${LINES}
                         WHERE n > 1 AND line.text NOT LIKE 'Vehicle: %' AND line.text NOT LIKE 'Situation: %'
                           AND line.text !~ $1 AND line.text NOT LIKE 'Google Maps: %'), '')
       WHERE split_part(jobs.notes, E'\\n', 1) = $2`,
      [GPS_LINE, MARKER],
    );

    await queryRunner.query(
      `UPDATE jobs SET vehicle = bookings.vehicle_details, notes = bookings.description
       FROM bookings
       WHERE bookings.job_id = jobs.id AND bookings.vehicle_details <> ''
         AND jobs.notes = bookings.description || E'\\nVehicle: ' || bookings.vehicle_details`,
    );
  }

  /** Writes vehicle and situation back into the notes as they were written before, then drops the columns. */
  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE jobs SET notes = bookings.description || E'\\nVehicle: ' || jobs.vehicle
       FROM bookings
       WHERE bookings.job_id = jobs.id AND jobs.vehicle IS NOT NULL AND jobs.situation IS NULL`,
    );
    await queryRunner.query(
      `UPDATE jobs SET notes = concat_ws(E'\\n', $1::text, 'Vehicle: ' || vehicle, 'Situation: ' || situation, notes)
       WHERE situation IS NOT NULL`,
      [MARKER],
    );
    await queryRunner.query(`ALTER TABLE "jobs" DROP COLUMN "situation"`);
    await queryRunner.query(`ALTER TABLE "jobs" DROP COLUMN "vehicle"`);
  }
}
