# Production image (README: "Running the image"; DEVELOPERS.md: how `npm run test:image` builds
# and checks it). Build with `podman build --format docker` (or docker build): the OCI format
# drops the HEALTHCHECK.
#
# Build stage: every dependency, the build, then only the packages the built server requires
# at run time (scripts/runtime-deps.mjs). better-sqlite3 compiles from source when its prebuilt
# binary cannot be downloaded, hence python3, make and g++, in this stage only.
FROM node:20-bookworm-slim AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && node scripts/runtime-deps.mjs /runtime

# Run stage: node, the build, those packages; no compiler, no webpack, no sources or tests.
FROM node:20-bookworm-slim
# TRUST_PROXY: a reverse proxy in front of a container reaches it from a private address (the
# bridge gateway, another container, a load balancer in the same network), never loopback;
# trusting private networks gives every visitor their own rate-limit bucket and lets https be
# seen. A visitor reaching the published port directly keeps their own public address (the
# port forwarding keeps it), so their X-Forwarded-For is not believed. Override it when the
# proxy is elsewhere (README, .env.example).
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    TRUST_PROXY="loopback, linklocal, uniquelocal" \
    NPM_CONFIG_CACHE=/tmp/.npm \
    NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /runtime/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/content ./content
COPY --from=build /app/public ./public
# The durable outbox (submissions, mails): mount a named volume here, or a host folder owned by
# uid 1000.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s --start-period=30s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
STOPSIGNAL SIGTERM
CMD ["node", "dist/server/index.cjs"]
