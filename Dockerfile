# One image for every role (web, api, worker); the role is chosen by ROLE at run time.
# Not built in CI (no Docker engine on the build machines); see docs/architecture.md.
FROM node:24-bookworm-slim AS base
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg espeak-ng ca-certificates \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app

FROM base AS build
COPY package.json package-lock.json ./
COPY apps/web/package.json apps/web/
COPY apps/server/package.json apps/server/
COPY packages/contract/package.json packages/contract/
COPY packages/core/package.json packages/core/
COPY packages/db/package.json packages/db/
COPY packages/media/package.json packages/media/
RUN npm ci --no-audit --no-fund
COPY . .
# --ignore-scripts: pruning must not run workspace `prepare` scripts (@voxwork/client's builds with
# TypeScript, a dev dependency being pruned; the server image does not use the client).
RUN npm run build && npm prune --omit=dev --ignore-scripts

FROM base AS runtime
# NODE_ENV=production: the container refuses to start without AUTH_SECRET (docs/decisions/020-auth-secret-origins-and-attribution.md).
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data MALLOC_ARENA_MAX=2 MALLOC_TRIM_THRESHOLD_=131072
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# A 16 MB young generation (V8 sizes it from the host's memory otherwise; decision 071).
CMD ["node", "--max-semi-space-size=16", "apps/server/src/main.ts"]
