// Loaded with `node --import ./bench/usage-at-exit.mjs <script>` by bench/import-cost.ts: prints the
// process's own CPU time and peak RSS at exit, as `usage <cpu µs> <maxRSS KiB>` on stderr.
process.on('exit', () => {
  const {userCPUTime, systemCPUTime, maxRSS} = process.resourceUsage();
  process.stderr.write(`usage ${userCPUTime + systemCPUTime} ${maxRSS}\n`);
});
