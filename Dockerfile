# The Voice Ideas server and web app in one image (docs/deploy.md). Two stages: the first
# installs everything and builds; the second carries only the build, the production
# dependencies and ffmpeg, and runs as the unprivileged `node` user. No `# syntax=` line: the
# builder's own Dockerfile frontend is enough, so the build needs no image beyond NODE_IMAGE.

ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Native modules (better-sqlite3, argon2) fall back to compiling when no prebuilt binary fits.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
# ffmpeg decodes uploaded recordings; tini forwards SIGTERM so open requests finish.
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg tini \
  && rm -rf /var/lib/apt/lists/*
# Everything the app writes goes to the volumes: the SQLite database and, on SQLite, the
# recordings under /data (on PostgreSQL they are in the database). npm keeps its cache and logs in
# /tmp, so `npm run models` works on a read-only root with a tmpfs there.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_URL=sqlite:/data/app.db \
    RECORDINGS_DIR=/data/recordings \
    WEB_DIST_DIR=/app/dist/web \
    WHISPER_MODEL_PATH=/app/models/ggml-base.en.bin \
    npm_config_cache=/tmp/npm \
    npm_config_update_notifier=false
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/scripts/build-info.mjs /app/scripts/migrate-to-postgres.mjs /app/scripts/backup.mjs /app/scripts/models.mjs ./scripts/
RUN mkdir -p /data /app/models && chown node:node /data /app/models
USER node
# The database (SQLite) and the speech and writing models: everything the app keeps. The rest
# of the filesystem can be read-only (compose.yaml runs it so, with a tmpfs for uploads).
VOLUME ["/data", "/app/models"]
EXPOSE 3000
# The check asks the app on the port it listens on (PORT), over loopback.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health',{signal:AbortSignal.timeout(4000)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "dist/node/server/main.js"]
