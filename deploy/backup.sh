#!/bin/sh
# A dump of the wuerfelwerk database into WUERFELWERK_BACKUP_DIR, named by the time;
# dumps older than WUERFELWERK_BACKUP_DAYS days are deleted. Restore one with
#   pg_restore --clean --if-exists -d postgresql://... wuerfelwerk-YYYYmmdd-HHMMSS.dump
set -eu
url="${WUERFELWERK_DATABASE_URL:?WUERFELWERK_DATABASE_URL names the database}"
dir="${WUERFELWERK_BACKUP_DIR:-/var/backups/wuerfelwerk}"
days="${WUERFELWERK_BACKUP_DAYS:-14}"
# pg_dump reads libpq URLs: drop a driver named for SQLAlchemy (postgresql+asyncpg://).
url="$(printf '%s' "$url" | sed 's|^postgresql+asyncpg://|postgresql://|')"
mkdir -p "$dir"
umask 077
name="$dir/wuerfelwerk-$(date -u +%Y%m%d-%H%M%S).dump"
pg_dump --format=custom --no-owner --file="$name.partial" "$url"
mv "$name.partial" "$name"
find "$dir" -name 'wuerfelwerk-*.dump' -type f -mtime "+$days" -delete
echo "$name"
