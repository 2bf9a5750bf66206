# Production image of the shop (issue #16 §2, Decisions 056). Not built on the
# project's own machines (no Docker daemon there): it follows `npm run cluster`,
# which is what the tests run.
#
#   docker build \
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
# address (Decision 047). The image carries the whole build instead.

FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# postinstall generates the Prisma client from the schema.
COPY prisma ./prisma
COPY prisma.config.ts tsconfig.json ./
COPY scripts ./scripts
RUN npm ci --no-audit --no-fund

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
RUN npx next build

FROM node:24-bookworm-slim AS worker
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1
RUN groupadd --system shop && useradd --system --gid shop --home-dir /app shop
COPY --from=build --chown=shop:shop /app /app
USER shop
CMD ["node", "--conditions=react-server", "--import", "tsx", "scripts/worker.ts"]

FROM node:24-bookworm-slim AS web
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 HOSTNAME=0.0.0.0 SHOP_DISABLE_WORKER=1
RUN groupadd --system shop && useradd --system --gid shop --home-dir /app shop
COPY --from=build --chown=shop:shop /app /app
USER shop
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["sh", "-c", "exec node server.mjs --port \"$PORT\" --hostname \"$HOSTNAME\""]
