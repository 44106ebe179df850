/** Width of the progress bar in characters. */
const BAR_WIDTH = 20;

/**
 * One line of progress for long seeding: a bar, the percentage, what is done and the rate so
 * far. Plain text, one line per report, so it reads the same in a terminal and in a CI log.
 *
 * @example
 * progressLine(50_000, 100_000, 4_000); // '  [##########··········]  50%  50,000 entries  12,500 entries/s'
 */
export function progressLine(done: number, total: number, elapsedMs: number): string {
  const share = total > 0 ? Math.min(1, Math.max(0, done / total)) : 1;
  const filled = Math.round(share * BAR_WIDTH);
  const bar = `${'#'.repeat(filled)}${'·'.repeat(BAR_WIDTH - filled)}`;
  const percent = `${Math.floor(share * 100)}%`.padStart(4);
  const rate = elapsedMs > 0 ? Math.round((done * 1000) / elapsedMs) : 0;
  return `  [${bar}] ${percent}  ${done.toLocaleString('en-GB')} entries  ${rate.toLocaleString('en-GB')} entries/s`;
}
