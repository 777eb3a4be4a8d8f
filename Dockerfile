# syntax=docker/dockerfile:1
# Fleetdesk: one image for the API (`node apps/server/dist/main.js`, the default), the job worker
# (`apps/server/dist/worker.js`) and the GPS gateway (`apps/server/dist/gps-gateway.js`); compose.yaml runs all three.
# Built offline from the lockfile: `docker build -t fleetdesk .` needs only the npm registry and the base image.
# Checked by `node scripts/check-deploy.mjs` (part of `npm run lint`); docs/operations.md, "Deploy with compose".
ARG NODE_IMAGE=node:24-bookworm-slim

# 0. The workspaces' manifests and the lockfile: what `npm ci` reads (a layer that changes only with them).
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/

# 1. Build: every dependency, the contracts, the server and the web app.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV CI=true
COPY --from=manifests /app ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json tsconfig.json ./
COPY scripts scripts
COPY packages/contracts packages/contracts
COPY apps/server apps/server
COPY apps/web apps/web
RUN npm run build

# 2. The production dependencies of the server and the contracts only (no web or test packages).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV CI=true
COPY --from=manifests /app ./
RUN npm ci --omit=dev --no-audit --no-fund --workspace=@fleetdesk/server --workspace=@fleetdesk/contracts \
    && npm cache clean --force

# 3. The runtime: built code, migrations, the web app and production dependencies, run by the unprivileged `node`.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    GPS_TCP_PORT=5015 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/packages/contracts/package.json packages/contracts/
COPY --from=build /app/packages/contracts/dist packages/contracts/dist
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/src/db/migrations apps/server/src/db/migrations
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data && chmod 700 /data
USER node
VOLUME ["/data"]
EXPOSE 8080 5015
HEALTHCHECK --interval=15s --timeout=5s --start-period=90s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "apps/server/dist/main.js"]
