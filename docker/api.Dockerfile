# API image: NestJS REST (/api), Socket.IO (/socket.io) and the built frontend.
# Build from the repository root:  docker build -f docker/api.Dockerfile .

ARG NODE_IMAGE=node:20-bookworm-slim

# ---------------------------------------------------------------------------
# build: full install (dev deps included) and compile everything.
# Kept identical to the build stage in worker.Dockerfile so BuildKit reuses it.
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
# runtime: production dependencies + compiled output only.
# ---------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    PORT=3000 \
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
COPY --from=build /app/packages/contracts/dist ./packages/contracts/dist
COPY --from=build /app/packages/db/dist ./packages/db/dist
COPY --from=build /app/packages/platform/dist ./packages/platform/dist
COPY --from=build /app/backend/dist ./backend/dist
COPY --from=build /app/frontend/dist ./frontend/dist

USER node
EXPOSE 3000

# 200 only when both Postgres and Redis are reachable.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# prepare: create database if missing, run migrations, ensure the admin user.
# `exec` replaces the shell so node is PID 1 and receives SIGTERM directly.
CMD ["sh", "-c", "node backend/dist/cli/prepare.js && exec node backend/dist/main.bundle.js"]
