#!/bin/sh
# `npm test`: builds dist/ without declarations (the suites run the CLI and import the entries as built;
# `npm run test:slow` builds and checks the declarations), then runs Jest's `fast` project while the type
# check runs beside it on the time Jest's workers spend waiting. Arguments go to Jest. Fails if either fails.
tsup --silent --no-dts || exit 1
tsc --noEmit &
typecheck=$!
# The arguments before --selectProjects, whose list would take a path after it as a project name.
node --experimental-vm-modules node_modules/jest/bin/jest.js "$@" --selectProjects fast
jest=$?
wait "$typecheck" || { echo 'npm test: the type check (tsc --noEmit) failed' >&2; exit 1; }
exit "$jest"
