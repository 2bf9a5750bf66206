# syntax=docker/dockerfile:1
# Production image of the shop (issue #16 §2, Decisions 056). Not built on the
# project's own machines (no Docker daemon there): it follows `npm run cluster`,
# which is what the tests run.
#
#   DATABASE_URL=postgresql://... docker build \
#     --secret id=database_url,env=DATABASE_URL \
#     --build-arg NEXT_DEPLOYMENT_ID=$(git rev-parse --short HEAD) \
#     --build-arg NEXT_SERVER_ACTIONS_ENCRYPTION_KEY="$(openssl rand -base64 32)" \
#     --build-arg SITE_URL=https://shop.example.com \
#     --build-arg S3_ENDPOINT=https://s3.ap-southeast-2.amazonaws.com \
#     -t design-shop .
#
# Every web instance and the worker of one deployment run this one image, so
# they share the build, the deployment id and the Server Actions key (both are
# compiled in). Targets: `web` (default, the shop server `server.mjs`) and
# `worker` (the job worker and `npm run db:deploy`, which need the sources and tsx).
#
# Not Next's standalone output: its generated server.js cannot run a custom
# server (Next's custom-server guide: "These cannot be used together"), and
# server.mjs is what appends the connection's address to X-Forwarded-For, so
# TRUSTED_PROXY_HOPS counts right and no client can pick its own rate-limit
# address (Decision 047).
#
# The build prerenders the home, listing and product pages from the catalogue, so it reads the
# database: its URL comes in as a build secret, which Docker mounts for the one RUN and never
# writes into a layer or the image's history (an ARG or ENV would be). A reader is enough.
#
# No secret is built in (Decisions 073): .dockerignore keeps every .env file
# (but .env.example), local data and builds out of the context, and the final
# stages copy only what runs, never the whole build stage.
# tests/unit/docker-image.test.ts fails when either could let a .env through.

FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# postinstall generates the Prisma client from the schema.
COPY prisma ./prisma
COPY prisma.config.ts tsconfig.json ./
COPY scripts ./scripts
RUN npm ci --no-audit --no-fund

# The packages the shop runs on: the test, lint and bench tools stay out of the images.
FROM deps AS runtime-deps
RUN npm prune --omit=dev --no-audit --no-fund

FROM deps AS build
COPY . .
ARG NEXT_DEPLOYMENT_ID
ARG NEXT_SERVER_ACTIONS_ENCRYPTION_KEY
# Baked into canonical URLs and the HSTS header at build time.
ARG SITE_URL
# The storage origin the admin's browser uploads to joins the CSP's connect-src at build time (Decision 070).
ARG S3_ENDPOINT
ARG S3_REGION=us-east-1
ARG S3_BUCKET=shop-files
ARG S3_FORCE_PATH_STYLE=true
ENV NEXT_DEPLOYMENT_ID=${NEXT_DEPLOYMENT_ID} \
    NEXT_SERVER_ACTIONS_ENCRYPTION_KEY=${NEXT_SERVER_ACTIONS_ENCRYPTION_KEY} \
    SITE_URL=${SITE_URL} \
    S3_ENDPOINT=${S3_ENDPOINT} \
    S3_REGION=${S3_REGION} \
    S3_BUCKET=${S3_BUCKET} \
    S3_FORCE_PATH_STYLE=${S3_FORCE_PATH_STYLE} \
    NEXT_TELEMETRY_DISABLED=1 \
    NODE_ENV=production
# The compiler's cache is for the next build, not for the image.
RUN --mount=type=secret,id=database_url,env=DATABASE_URL,required=true \
    npx next build && rm -rf .next/cache

# The job worker and `npm run db:deploy`: TypeScript sources run by tsx, migrations, no build.
FROM node:24-bookworm-slim AS worker
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1
RUN groupadd --system shop && useradd --system --gid shop --home-dir /app shop
COPY --from=runtime-deps --chown=shop:shop /app/node_modules ./node_modules
COPY --from=build --chown=shop:shop /app/package.json /app/tsconfig.json /app/prisma.config.ts ./
COPY --from=build --chown=shop:shop /app/lib ./lib
COPY --from=build --chown=shop:shop /app/prisma ./prisma
COPY --from=build --chown=shop:shop /app/scripts ./scripts
USER shop
CMD ["node", "--conditions=react-server", "--import", "tsx", "scripts/worker.ts"]

# The shop server: the build, the server, the config Next reads at start (and what it
# imports) and the cache handler it loads (lib/cache).
FROM node:24-bookworm-slim AS web
WORKDIR /app
# HOST: every interface of the container; the balancer reaches it on the compose network.
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 HOST=0.0.0.0 SHOP_DISABLE_WORKER=1
RUN groupadd --system shop && useradd --system --gid shop --home-dir /app shop
COPY --from=runtime-deps --chown=shop:shop /app/node_modules ./node_modules
COPY --from=build --chown=shop:shop /app/package.json /app/tsconfig.json /app/next.config.ts /app/server.mjs ./
COPY --from=build --chown=shop:shop /app/lib/cache ./lib/cache
COPY --from=build --chown=shop:shop /app/lib/http/listing-routes.mjs /app/lib/http/security-headers.ts ./lib/http/
COPY --from=build --chown=shop:shop /app/.next ./.next
USER shop
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# --drain-ms: on SIGTERM (docker stop, a rolling deploy) it answers its health check 503 and keeps
# serving for 2 s, so the balancer takes it out before it stops listening (Decisions 072).
CMD ["sh", "-c", "exec node server.mjs --port \"$PORT\" --hostname \"$HOST\" --drain-ms 2000"]
