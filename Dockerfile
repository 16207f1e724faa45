# syntax=docker/dockerfile:1
# Stride in a container (decision 057): the web app, the operator console and the server bundle
# (decision 033) built with every dependency, then a runtime image with the server's production
# dependencies only, on Node 24, as the unprivileged `node` user. Configuration comes from the
# environment exactly as for `npm start` (docs/deployment.md).
#
#   docker build -t stride .
#   docker compose up -d            # two instances, PostgreSQL, MinIO and a load balancer

ARG NODE_IMAGE=node:24.21.0-bookworm-slim

# Compilers for the native modules that are built at install time (better-sqlite3).
FROM ${NODE_IMAGE} AS toolchain
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/console/package.json apps/console/
COPY packages/contract/package.json packages/contract/

# The web app, the console and the server bundle.
FROM toolchain AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build --silent \
 && npm run build:console --silent \
 && npm run build:server --silent

# The server's production dependencies (not the web app's, the console's or the tests'), with
# better-sqlite3's binding built for this Node (scripts/sqlite-binding-build.mjs).
FROM toolchain AS deps
RUN npm ci --omit=dev --no-audit --no-fund -w @stride/server -w @stride/contract \
 && npm cache clean --force
COPY scripts/sqlite-binding-build.mjs scripts/
RUN node scripts/sqlite-binding-build.mjs

FROM ${NODE_IMAGE} AS runtime
# HOST: listen on the container's network; the load balancer (or a published port) reaches it.
# MALLOC_MMAP_THRESHOLD_, MALLOC_ARENA_MAX: the C library settings `npm start` gives the server (scripts/server-command.mjs).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    MALLOC_MMAP_THRESHOLD_=131072 \
    MALLOC_ARENA_MAX=2
WORKDIR /app
# The manifests and node_modules, with any a workspace holds of its own (apps/server/node_modules).
COPY --from=deps /app ./
COPY packages/contract packages/contract
# The sources stay beside the bundle for `npm run ops` (the operator command line runs them with tsx).
COPY apps/server/src apps/server/src
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/console/dist apps/console/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8080
# Alive: /healthz answers without touching the database (the load balancer checks /readyz).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# What `npm start` runs after building, with its Node flags (scripts/server-command.mjs). SIGTERM
# stops it cleanly.
CMD ["node", "--enable-source-maps", "--max-semi-space-size=2", "--heap-growing-percent=20", "apps/server/dist/main.mjs"]
