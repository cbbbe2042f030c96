# One image for the API (with its workers and chain watchers) and the Telegram bot; docker-compose.yml
# picks each service's command. Node 24 LTS, as in package.json's engines and CI.
#
# The build stage installs everything and builds the site, the mini-app and the admin console (Vite)
# and the server and the bot to JavaScript (esbuild, scripts/build-server.ts). The runtime stage holds
# only what runs: dist/ (API, bot, migrations), the built pages, and the runtime packages of the api
# and bot workspaces (`--omit=dev --omit=optional`): no TypeScript, tsx, Hardhat, React, Vite, nor
# PGlite (production runs on PostgreSQL through DATABASE_URL).

ARG NODE_IMAGE=node:24-bookworm-slim

# The workspaces' package manifests, what both stages' npm ci installs from.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY api/package.json api/
COPY bot/package.json bot/
COPY webapp/package.json webapp/
COPY admin/package.json admin/

FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY shared shared
COPY api api
COPY bot bot
COPY webapp webapp
COPY admin admin
COPY scripts scripts
RUN npm run build && npm run build:server

FROM manifests AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
RUN npm ci --omit=dev --omit=optional --workspace=api --workspace=bot --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist dist
COPY --from=build /app/webapp/dist webapp/dist
COPY --from=build /app/admin/dist admin/dist
# The data folder (the local mail outbox, the devnet file) belongs to the user the services run as.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000 3001
# node itself, never npm: SIGTERM must reach the process that handles it. Compose runs an init as
# PID 1 (`init: true`) that forwards signals and reaps children.
CMD ["node", "dist/api/main.js"]
