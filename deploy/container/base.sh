#!/usr/bin/env bash
# The image's base, made here from Debian's packages (no image registry is used):
# a minimal bookworm with Python 3.11 and venv, imported into the local image store as
# localhost/warband-base:bookworm. Needs mmdebstrap and podman (Debian's packages).
set -euo pipefail
tag="${1:-localhost/warband-base:bookworm}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mmdebstrap --quiet --variant=minbase \
  --include=python3,python3-venv,python3-pip,ca-certificates,passwd \
  bookworm "$work/base.tar"
podman import --quiet "$work/base.tar" "$tag" >/dev/null
echo "$tag"
