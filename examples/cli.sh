#!/usr/bin/env bash
# The linkpeek command against the bundled sample page. Run from the repository root:
#   bash examples/cli.sh
# Once installed, the command is just `linkpeek` (or `npx linkpeek`); here it runs from source.
set -euo pipefail
cd "$(dirname "$0")/.."
LINKPEEK=${LINKPEEK:-"node --import tsx src/cli.ts"}

# Serve the sample page on 127.0.0.1 and read its URL from the first line it prints.
exec 3< <(node --import tsx examples/sample-site.ts)
SITE_PID=$!
trap 'kill "$SITE_PID" 2>/dev/null || true' EXIT
read -r -u 3 line
SAMPLE_URL=${line#Sample site: }

# --allow-loopback: FOR LOCAL TESTING ONLY. linkpeek refuses loopback and private targets by default.
$LINKPEEK "$SAMPLE_URL" --allow-loopback --ping.logo=false

# Failures print the error JSON on stderr and exit non-zero (2: the input's fault, 1: the target's).
status=0
$LINKPEEK "$SAMPLE_URL" || status=$?
echo "without --allow-loopback: exit $status" >&2
