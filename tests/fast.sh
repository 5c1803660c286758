#!/bin/sh
# `npm test`: the type check (tsc --noEmit) and the build of dist/ without declarations (the suites run
# the CLI and import the entries as built; `npm run test:slow` builds and checks the declarations) side
# by side, then Jest's `fast` project. Arguments go to Jest. Fails if any step fails.
tsc --noEmit &
typecheck=$!
tsup --silent --no-dts || { wait "$typecheck"; exit 1; }
wait "$typecheck" || { echo 'npm test: the type check (tsc --noEmit) failed' >&2; exit 1; }
# The arguments before --selectProjects, whose list would take a path after it as a project name.
exec node --experimental-vm-modules node_modules/jest/bin/jest.js "$@" --selectProjects fast
