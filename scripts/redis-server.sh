#!/usr/bin/env bash
# usage: scripts/redis-server.sh start DIR   starts a throwaway Redis in DIR on 127.0.0.1 (a free port, no
#                                            persistence, maxmemory-policy noeviction as BullMQ requires) and
#                                            prints its URL (also written to DIR/url)
#        scripts/redis-server.sh stop DIR    stops it (DIR is left for the caller to remove)
set -euo pipefail
cmd=${1:?start|stop}
dir=${2:?server directory}
command -v redis-server >/dev/null || { echo "no redis-server: install Redis (apt-get install redis-server)" >&2; exit 2; }

case $cmd in
  start)
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
    # An evicted key would be a lost job: BullMQ needs noeviction.
    redis-server --bind 127.0.0.1 --port "$port" --dir "$dir" --save '' --appendonly no \
      --maxmemory-policy noeviction --daemonize yes --pidfile "$dir/redis.pid" --logfile "$dir/redis.log"
    for _ in $(seq 50); do
      redis-cli -p "$port" ping >/dev/null 2>&1 && break
      sleep 0.1
    done
    redis-cli -p "$port" ping >/dev/null || { echo "redis-server did not start: see $dir/redis.log" >&2; exit 1; }
    url="redis://127.0.0.1:$port"
    echo "$url" >"$dir/url"
    echo "$url"
    ;;
  stop)
    dir=$(cd "$dir" && pwd)
    [ -f "$dir/redis.pid" ] || exit 0
    pid=$(cat "$dir/redis.pid")
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    ;;
  *)
    echo "usage: $0 start|stop DIR" >&2
    exit 2
    ;;
esac
