# One image for the API (with its workers) and the bot; docker-compose.yml picks each service's command.
# The TypeScript sources run through tsx, as `npm start` does. The site, the mini-app and the admin
# console are built in the first stage and served by the API.

FROM node:20-bookworm-slim AS web
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY api/package.json api/
COPY bot/package.json bot/
COPY webapp/package.json webapp/
COPY admin/package.json admin/
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY shared shared
COPY webapp webapp
COPY admin admin
RUN npm run build -w webapp && npm run build -w admin

FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY api/package.json api/
COPY bot/package.json bot/
COPY webapp/package.json webapp/
COPY admin/package.json admin/
RUN npm ci --omit=dev --no-audit --no-fund
COPY tsconfig.json ./
COPY shared shared
COPY api api
COPY bot bot
COPY scripts scripts
COPY --from=web /app/webapp/dist webapp/dist
COPY --from=web /app/admin/dist admin/dist
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
EXPOSE 3000
USER node
CMD ["npm", "start"]
