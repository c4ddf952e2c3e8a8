# Worker image: BullMQ consumer (email via SMTP, SMS via Twilio, PDFs via
# puppeteer driving the system Chromium). Its one HTTP port serves GET /metrics (WORKER_METRICS_PORT).
# Build from the repository root:  docker build -f docker/worker.Dockerfile .

ARG NODE_IMAGE=node:20-bookworm-slim

# ---------------------------------------------------------------------------
# build: full install (dev deps included) and compile everything.
# Kept identical to the build stage in api.Dockerfile so BuildKit reuses it.
# ---------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV PUPPETEER_SKIP_DOWNLOAD=true \
    NPM_CONFIG_UPDATE_NOTIFIER=false
COPY package.json package-lock.json .puppeteerrc.cjs ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/db/package.json packages/db/
COPY packages/platform/package.json packages/platform/
COPY packages/testkit/package.json packages/testkit/
COPY backend/package.json backend/
COPY worker/package.json worker/
COPY frontend/package.json frontend/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---------------------------------------------------------------------------
# runtime: system Chromium + fonts, production dependencies, compiled output.
# ---------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
# chromium-headless-shell: used by puppeteer (never downloads its own browser).
# fonts-*: Chromium renders blank glyphs without fonts.
# tini: PID 1 that forwards SIGTERM to node and reaps Chromium's zombies.
# postgresql-client: pg_dump for the nightly backup (its major version must be the server's or newer).
RUN apt-get update \
 && apt-get install -y --no-install-recommends \
      chromium-headless-shell \
      postgresql-client \
      fonts-liberation \
      fonts-dejavu-core \
      ca-certificates \
      tini \
 && rm -rf /var/lib/apt/lists/*

WORKDIR /app
ENV NODE_ENV=production \
    CHROMIUM_PATH=/usr/lib/chromium/chromium-headless-shell \
    PUPPETEER_EXECUTABLE_PATH=/usr/lib/chromium/chromium-headless-shell \
    PUPPETEER_SKIP_DOWNLOAD=true \
    NPM_CONFIG_UPDATE_NOTIFIER=false
# Every workspace package.json (the lockfile lists every workspace) so that
# `npm ci` recreates the node_modules/@towing/* workspace symlinks.
COPY package.json package-lock.json .puppeteerrc.cjs ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/db/package.json packages/db/
COPY packages/platform/package.json packages/platform/
COPY packages/testkit/package.json packages/testkit/
COPY backend/package.json backend/
COPY worker/package.json worker/
COPY frontend/package.json frontend/
COPY e2e/package.json e2e/
RUN npm ci --omit=dev --no-audit --no-fund \
 && npm cache clean --force
# The worker imports the shared packages only, never the API.
COPY --from=build /app/packages/contracts/dist ./packages/contracts/dist
COPY --from=build /app/packages/db/dist ./packages/db/dist
COPY --from=build /app/packages/platform/dist ./packages/platform/dist
COPY --from=build /app/worker/dist ./worker/dist
# Message templates are read at boot from worker/templates, beside worker/dist.
COPY --from=build /app/worker/templates ./worker/templates
# The nightly backups (BACKUP_DIR), a volume in docker-compose.yml.
RUN mkdir -p /backups && chown node:node /backups

USER node

ENTRYPOINT ["/usr/bin/tini", "--"]
EXPOSE 9464
CMD ["node", "worker/dist/main.bundle.js"]
