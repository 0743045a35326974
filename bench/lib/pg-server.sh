# A private PostgreSQL server for a bench, on a Unix socket in a temporary
# directory: `pg_start NAME` sets PGURL (database NAME); `pg_stop` removes it.
# As root, the server runs as the unprivileged "postgres" user.
pg_start() {
    PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
    [ -x "$PG_BIN/initdb" ] || { echo "PostgreSQL server not installed (apt-get install postgresql)" >&2; return 1; }
    PG_DIR=$(mktemp -d /tmp/speedlab-bench-pg-XXXXXX)
    PG_AS=()
    if [ "$(id -u)" = 0 ]; then chown postgres: "$PG_DIR"; PG_AS=(runuser -u postgres --); fi
    "${PG_AS[@]}" "$PG_BIN/initdb" -D "$PG_DIR/data" -U speedlab --auth=trust -E UTF8 --locale=C >/dev/null
    "${PG_AS[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/log" -w \
        -o "-k $PG_DIR -c listen_addresses= -c max_connections=200" start >/dev/null
    psql -q "postgresql://speedlab@/postgres?host=$PG_DIR" -c "CREATE DATABASE $1"
    PGURL="postgresql://speedlab@/$1?host=$PG_DIR"
}

pg_stop() {
    [ -n "${PG_DIR:-}" ] || return 0
    "${PG_AS[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m fast -w stop >/dev/null || true
    rm -rf "$PG_DIR"
}
