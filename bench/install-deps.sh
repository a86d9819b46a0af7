#!/usr/bin/env bash
# Installs, from Debian 12's packages, what only the benchmarks need (on top of
# scripts/install-deps.sh): uftrace (a peer in the counting and tracing
# tables), GNU time (peak memory), dpkg-dev (apt-get source unpacks pugixml).
set -euo pipefail
packages=(uftrace time dpkg-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing: ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends "${missing[@]}"
