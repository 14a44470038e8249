# The shop as one container: `next build` with output "standalone", then only what the server
# loads (.next/standalone, with .next/static and public beside it) on a slim image, run as an
# unprivileged user. compose.yaml runs it with Redis; docs/self-hosting.md explains each step.
# tests/e2e/standalone-server.spec.ts starts the standalone server exactly as CMD does.

FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci

FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN npx next build

FROM node:20-bookworm-slim AS run
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000
# Every interface, so the container's port can be published. Never 127.0.0.1: the shop refuses
# to start on a loopback literal (lib/config/listen-host.ts).
ENV HOSTNAME=0.0.0.0
# The same young generation as `npm start` (docs/architecture-decisions.md item 94).
ENV NODE_OPTIONS=--max-semi-space-size=64
COPY --from=build --chown=node:node /app/.next/standalone ./
COPY --from=build --chown=node:node /app/.next/static ./.next/static
COPY --from=build --chown=node:node /app/public ./public
# The embedded store's folder, for a single machine without Redis (a volume keeps it).
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
CMD ["node", "server.js"]
