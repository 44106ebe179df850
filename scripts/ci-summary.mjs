#!/usr/bin/env node
// Sums the test counts of the runners' JSON reports and prints the closing line CI reads:
// "N passed, N failed". A missing or unreadable report counts as a failure, never as zero tests.
import { readFileSync } from 'node:fs';

const reports = process.argv.slice(2);
let passed = 0;
let failed = 0;
let broken = false;
for (const file of reports) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    // A file that fails to load (syntax error, import failure) has no tests to count; count it.
    for (const suite of report.testResults ?? []) {
      if (suite.status === 'failed' && (suite.assertionResults ?? []).length === 0) failed += 1;
    }
  } catch (error) {
    console.error(`Could not read test report ${file}: ${error.message}`);
    broken = true;
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(broken || failed > 0 || passed === 0 ? 1 : 0);
