# One image recipe for every service. Build context: the repository root, so the workspace
# lockfile applies. docker compose passes the arguments; by hand:
#   docker build --build-arg SERVICE=catalog --build-arg PORT=8082 -t talent-marketplace/catalog .
# SERVICE is the folder under services/ (gateway, auth, catalog, talent, bookings, messaging, content,
# reviews, search, growth, assistant); PORT is the
# port it listens on (the same as its PORT default, so the image runs without further settings).
ARG BUN_VERSION=1.4.5

FROM oven/bun:${BUN_VERSION} AS deps
ARG SERVICE
RUN test -n "$SERVICE" || { echo 'build with --build-arg SERVICE=<gateway|auth|catalog|talent|bookings|messaging|content|reviews|search|growth|assistant>' >&2; exit 1; }
WORKDIR /app
# Every workspace's package.json: a frozen install checks the lockfile against all of them
# (tests/e2e/compose.test.ts keeps this list equal to the workspaces).
COPY package.json bun.lock ./
COPY packages/agent-tools/package.json packages/agent-tools/
COPY packages/contracts/package.json packages/contracts/
COPY packages/shared/package.json packages/shared/
COPY services/assistant/package.json services/assistant/
COPY services/auth/package.json services/auth/
COPY services/bookings/package.json services/bookings/
COPY services/catalog/package.json services/catalog/
COPY services/content/package.json services/content/
COPY services/gateway/package.json services/gateway/
COPY services/growth/package.json services/growth/
COPY services/messaging/package.json services/messaging/
COPY services/reviews/package.json services/reviews/
COPY services/search/package.json services/search/
COPY services/talent/package.json services/talent/
COPY tests/e2e/package.json tests/e2e/
RUN bun install --frozen-lockfile --production --filter "@tm/${SERVICE}"

FROM oven/bun:${BUN_VERSION}
ARG SERVICE
ARG PORT
RUN test -n "$PORT" || { echo 'build with --build-arg PORT=<the port the service listens on>' >&2; exit 1; }
WORKDIR /app
# BUN_GC_TIMER_INTERVAL, BUN_JSC_numberOfGCMarkers, BUN_IDLE_GC_SECONDS: SERVICE_RUNTIME_ENV in packages/shared/src/process/start-up.ts says why (tests keep them equal).
ENV NODE_ENV=production HOST=0.0.0.0 PORT=${PORT} SERVICE=${SERVICE} BUN_GC_TIMER_INTERVAL=30000 BUN_JSC_numberOfGCMarkers=1 BUN_IDLE_GC_SECONDS=0
# The installed dependencies (root and per-workspace node_modules, whose links point into the
# root's), then the sources the service runs: the shared packages (agent-tools: the gateway's
# /mcp and the assistant) and its own folder.
COPY --from=deps /app ./
COPY tsconfig.base.json ./
COPY packages/agent-tools ./packages/agent-tools
COPY packages/contracts ./packages/contracts
COPY packages/shared ./packages/shared
COPY services/${SERVICE} ./services/${SERVICE}
# The official image ships an unprivileged "bun" user; the service never needs root.
USER bun
EXPOSE ${PORT}
# The probe asks 127.0.0.1:$PORT for the health path the services serve (packages/shared/src/core/health.ts).
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD ["bun", "packages/shared/src/process/health-probe.ts"]
# exec: bun replaces the shell as PID 1, so it receives docker's SIGTERM and stops cleanly.
CMD ["/bin/sh", "-c", "exec bun \"services/${SERVICE}/src/main.ts\""]
