#!/usr/bin/env bash
# Restores a backup written by scripts/backup.sh into the database named by libpq's variables
# (PGHOST, PGPORT, PGUSER, PGPASSWORD, PGDATABASE):
#
#   restore.sh <file.dump>            into an empty database
#   restore.sh --replace <file.dump>  over an existing one: its tables are dropped and restored
#
# One transaction: a restore that fails leaves the database as it was. Stop every API replica and
# the bot first (docs/operations.md "Restore"), so nothing writes while the tables are replaced.
set -euo pipefail

replace=false
if [ "${1:-}" = "--replace" ]; then replace=true; shift; fi
file="${1:?usage: restore.sh [--replace] <file.dump>}"
[ -r "$file" ] || { echo "cannot read $file" >&2; exit 1; }
: "${PGDATABASE:?set PGDATABASE (and PGHOST, PGUSER, PGPASSWORD)}"

tables=$(psql -Atqc "select count(*) from pg_tables where schemaname not in ('pg_catalog', 'information_schema')")
if [ "$tables" != "0" ] && [ "$replace" != true ]; then
  echo "database $PGDATABASE already has $tables tables: restore into an empty database, or pass --replace to drop and replace them" >&2
  exit 1
fi

args=(--dbname="$PGDATABASE" --no-owner --single-transaction --exit-on-error)
if [ "$replace" = true ]; then args+=(--clean --if-exists); fi
pg_restore "${args[@]}" "$file"
echo "restored $file into $PGDATABASE ($(psql -Atqc "select count(*) from orders") orders)"
