#!/usr/bin/env bash
# The image: the base (made once by base.sh), the wheel of this tree, then buildah.
#   deploy/container/build.sh [TAG]      (default localhost/warband:latest)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
tag="${1:-localhost/warband:latest}"
base="${WARBAND_BASE:-localhost/warband-base:bookworm}"
podman image exists "$base" || "$here/base.sh" "$base"
context="$(mktemp -d)"
trap 'rm -rf "$context"' EXIT
# (the wheel of the tracked files only: no venv, build output or test artifacts)
git -C "$root" archive --format=tar HEAD | tar -x -C "$context" --one-top-level=source
python3 -m pip wheel --quiet --no-deps -w "$context" "$context/source"
rm -rf "$context/source"
# ...and every dependency's wheel, fetched here: the build itself needs no network
# (plus async-timeout: redis needs it on Pythons before 3.11.3, such as bookworm's 3.11.2,
# which this machine's newer Python does not fetch by itself)
python3 -m pip download --quiet --only-binary=:all: -d "$context" "$context"/warband-*.whl \
  "async-timeout>=4.0.3" \
  2> >(grep -v "is ignored: it is neither" >&2)  # (this machine's pip's extra indexes)
cp "$here/Containerfile" "$context/"
buildah build --quiet --layers=false --format docker --isolation "${WARBAND_BUILD_ISOLATION:-chroot}" --build-arg "BASE=$base" -t "$tag" \
  -f "$context/Containerfile" "$context" >/dev/null
echo "$tag"
