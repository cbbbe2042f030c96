# The API (with its workers) and the bot, from one image. Runs the TypeScript sources through tsx, as
# `npm start` does; docker-compose.yml picks the command of each service.
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
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
EXPOSE 3000
USER node
CMD ["npm", "start"]
