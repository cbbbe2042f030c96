#!/usr/bin/env bash
# Backups of the PostgreSQL database with pg_dump, kept for a number of days. Used by the `backup`
# service of docker-compose.yml (in the postgres image) and by the test that restores what it writes
# (api/test/backup-restore.db.test.ts). The database is named by libpq's variables: PGHOST, PGPORT,
# PGUSER, PGPASSWORD, PGDATABASE.
#
#   backup.sh once     one backup now, then the old ones are removed
#   backup.sh loop     a backup now and every BACKUP_INTERVAL_SECONDS (the compose service)
#   backup.sh check    exit 0 when the newest backup is younger than BACKUP_MAX_AGE_SECONDS (its health check)
#
# BACKUP_DIR (default /backups) holds <PGDATABASE>-<UTC time>.dump files in pg_dump's custom format
# (compressed; restore with scripts/restore.sh). BACKUP_KEEP_DAYS (default 14): older dumps are
# deleted, except the newest, which is always kept. A dump is written under a temporary name and
# renamed when complete, so a crash never leaves a partial file that looks like a backup.
set -euo pipefail

BACKUP_DIR="${BACKUP_DIR:-/backups}"
BACKUP_KEEP_DAYS="${BACKUP_KEEP_DAYS:-14}"
BACKUP_INTERVAL_SECONDS="${BACKUP_INTERVAL_SECONDS:-86400}"
BACKUP_MAX_AGE_SECONDS="${BACKUP_MAX_AGE_SECONDS:-$((BACKUP_INTERVAL_SECONDS * 2))}"
: "${PGDATABASE:?set PGDATABASE (and PGHOST, PGUSER, PGPASSWORD)}"
[ "$BACKUP_KEEP_DAYS" -ge 1 ] 2>/dev/null || { echo "BACKUP_KEEP_DAYS must be a whole number of days, 1 or more" >&2; exit 2; }

log() { printf '%s backup: %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$*"; }

newest() { ls -1t "$BACKUP_DIR"/"$PGDATABASE"-*.dump 2>/dev/null | head -n 1 || true; }

once() {
  mkdir -p "$BACKUP_DIR"
  local name="$BACKUP_DIR/$PGDATABASE-$(date -u +%Y%m%dT%H%M%SZ).dump"
  local partial="$name.partial"
  pg_dump --format=custom --compress=6 --no-owner --file="$partial"
  mv "$partial" "$name"
  log "wrote $name ($(du -h "$name" | cut -f1))"
  local keep
  keep="$(newest)"
  find "$BACKUP_DIR" -maxdepth 1 -name "$PGDATABASE-*.dump" -mmin +"$((BACKUP_KEEP_DAYS * 1440))" ! -path "$keep" -print -delete | while read -r old; do log "removed $old (older than ${BACKUP_KEEP_DAYS} days)"; done
  find "$BACKUP_DIR" -maxdepth 1 -name "$PGDATABASE-*.dump.partial" -mmin +60 -delete
}

case "${1:-}" in
  once) once ;;
  loop)
    log "every ${BACKUP_INTERVAL_SECONDS}s into $BACKUP_DIR, kept ${BACKUP_KEEP_DAYS} days"
    while true; do
      # A failed backup is logged and tried again at the next interval; the health check turns red.
      once || log "FAILED (exit $?)"
      sleep "$BACKUP_INTERVAL_SECONDS" & wait $!
    done
    ;;
  check)
    file="$(newest)"
    [ -n "$file" ] || { echo "no backup yet in $BACKUP_DIR"; exit 1; }
    age=$(( $(date +%s) - $(stat -c %Y "$file") ))
    [ "$age" -le "$BACKUP_MAX_AGE_SECONDS" ] || { echo "newest backup $file is ${age}s old"; exit 1; }
    echo "newest backup $file is ${age}s old"
    ;;
  *) echo "usage: $0 once|loop|check" >&2; exit 2 ;;
esac
