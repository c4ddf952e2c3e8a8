// The floor of `npm run bench:cost`: the least an SOS request can cost on this machine. A bare
// node:http server that parses the same JSON body, writes a job row and an outbox row in one
// PostgreSQL transaction through a pg Pool, and answers JSON. No framework, no validation, no
// Redis: what the API costs above this is what our code adds.
//
//   node scripts/bench/cost-floor.mjs DATABASE_URL   (prints "listening PORT" when ready)
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.argv[2], max: 10 });
await pool.query(`
  CREATE TABLE IF NOT EXISTS floor_jobs (id text PRIMARY KEY, phone text NOT NULL, body jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
  CREATE TABLE IF NOT EXISTS floor_outbox (id bigserial PRIMARY KEY, type text NOT NULL, payload jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
`);

async function store(body) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const id = randomUUID();
    await client.query('INSERT INTO floor_jobs (id, phone, body) VALUES ($1, $2, $3)', [id, body.phone, body]);
    await client.query('INSERT INTO floor_outbox (type, payload) VALUES ($1, $2)', ['job.created', { id }]);
    await client.query('COMMIT');
    return id;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

const server = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    let body;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      response.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"bad json"}');
      return;
    }
    store(body).then(
      (id) => response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ job: { id, status: 'Emergency' } })),
      (error) => response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: error.message })),
    );
  });
});
server.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port}`));
// Ends with the bench, however the bench ends.
const parent = process.ppid;
setInterval(() => process.ppid !== parent && process.exit(0), 500).unref();
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
