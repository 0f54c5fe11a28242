#!/usr/bin/env bash
# usage: scripts/pg-cluster.sh start DIR   starts a throwaway PostgreSQL cluster in DIR on 127.0.0.1 (a free
#                                          port, trust auth) and prints its URL (also written to DIR/url)
#        scripts/pg-cluster.sh stop DIR    stops it (DIR is left for the caller to remove)
# initdb refuses to run as root, so as root the cluster belongs to the `postgres` user the Debian package creates.
set -euo pipefail
cmd=${1:?start|stop}
dir=${2:?cluster directory}
# Debian keeps the server binaries off PATH, under /usr/lib/postgresql/VERSION/bin: take the newest.
bin=""
if command -v initdb >/dev/null; then bin=$(dirname "$(command -v initdb)"); fi
if [ -z "$bin" ]; then
  for d in /usr/lib/postgresql/*/bin; do [ -x "$d/initdb" ] && bin=$d; done
fi
[ -n "$bin" ] || { echo "no initdb: install PostgreSQL (apt-get install postgresql)" >&2; exit 2; }

as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case $cmd in
  start)
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    if [ "$(id -u)" -eq 0 ]; then
      chown postgres "$dir"
      runuser -u postgres -- test -x "$dir" ||
        { echo "the postgres user cannot reach $dir: make its parent folders searchable (chmod o+x)" >&2; exit 2; }
    fi
    port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
    as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --locale=C --encoding=UTF8 >"$dir/initdb.log"
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
      -o "-h 127.0.0.1 -p $port -k $dir -c max_connections=200 -c fsync=off" start >/dev/null
    url="postgres://postgres@127.0.0.1:$port/postgres"
    echo "$url" >"$dir/url"
    echo "$url"
    ;;
  stop)
    dir=$(cd "$dir" && pwd)
    as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
    ;;
  *)
    echo "usage: $0 start|stop DIR" >&2
    exit 2
    ;;
esac
