#!/usr/bin/env bash
# Makes sure redis-server is installed for the replay-guard tests, which start
# their own throw-away server on a free 127.0.0.1 port (this script starts none).
# Installs the Debian package when it is missing; needs root and apt-get.
# A2A_REDIS_URL=redis://host:port points the tests at a Redis you run instead
# (macOS, rootless containers); nothing is installed then.
set -euo pipefail

if [ -n "${A2A_REDIS_URL:-}" ]; then
  echo "A2A_REDIS_URL is set: the Redis tests use ${A2A_REDIS_URL} (the fault tests, which need their own server, run only where redis-server is on PATH)"
  exit 0
fi

if command -v redis-server >/dev/null 2>&1; then
  echo "redis-server: $(redis-server --version)"
  exit 0
fi

if [ "${EUID:-$(id -u)}" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "redis-server is missing and can be installed here only as root with apt-get: install the redis-server package, put redis-server on PATH, or set A2A_REDIS_URL=redis://127.0.0.1:6379 to use a Redis you run." >&2
  exit 1
fi

echo "redis-server is missing: installing the Debian package redis-server"
export DEBIAN_FRONTEND=noninteractive
if ! apt-get update -q </dev/null; then
  echo "FAILED: apt-get update (needed to install redis-server for the replay-guard tests)" >&2
  exit 1
fi
if ! apt-get install -y -q --no-install-recommends redis-server </dev/null; then
  echo "FAILED: apt-get install redis-server (needed for the replay-guard tests)" >&2
  exit 1
fi
if ! command -v redis-server >/dev/null 2>&1; then
  echo "FAILED: redis-server is still not on PATH after installing the package" >&2
  exit 1
fi
echo "redis-server: $(redis-server --version)"
