/**
 * `npm run bench:tests [runs]`: times `npm test` as a contributor runs it, several times in a row (default
 * three), and writes bench/results/test-suite.md: each run's wall time with the load average before and
 * after it, and the ten slowest files of the last run. The machine is shared and noisy, so the load
 * average says how much the figures can be trusted; compare runs made side by side only.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = path.join(ROOT, 'bench', 'results', 'test-suite.md');

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: { name: string; startTime: number; endTime: number; assertionResults: unknown[] }[];
}

interface SuiteRun {
  wallSeconds: number;
  loadBefore: number[];
  loadAfter: number[];
  passed: number;
  failed: number;
  slowest: { file: string; seconds: number; tests: number }[];
}

const formatLoad = (load: number[]): string => load.map((value) => value.toFixed(2)).join(' ');

function runSuite(): SuiteRun {
  const reportDirectory = mkdtempSync(path.join(tmpdir(), 'test-suite-bench-'));
  const reportFile = path.join(reportDirectory, 'report.json');
  const loadBefore = loadavg();
  const started = performance.now();
  spawnSync('npm', ['test', '--', '--reporter=dot', '--reporter=json', `--outputFile.json=${reportFile}`], {
    cwd: ROOT,
    stdio: 'ignore',
  });
  const wallSeconds = (performance.now() - started) / 1000;
  const loadAfter = loadavg();
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as VitestReport;
  rmSync(reportDirectory, { recursive: true, force: true });
  const slowest = report.testResults
    .map((file) => ({
      file: path.relative(ROOT, file.name),
      seconds: (file.endTime - file.startTime) / 1000,
      tests: file.assertionResults.length,
    }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 10);
  return { wallSeconds, loadBefore, loadAfter, passed: report.numPassedTests, failed: report.numFailedTests, slowest };
}

function report(runs: SuiteRun[]): string {
  const last = runs[runs.length - 1];
  return [
    `# npm test, timed (${new Date().toISOString()}, node ${process.version}, ${cpus().length} cores)`,
    '',
    '| run | wall s | tests passed | failed | load average before (1, 5, 15 min) | after |',
    '|---|---|---|---|---|---|',
    ...runs.map(
      (run, index) =>
        `| ${index + 1} | ${run.wallSeconds.toFixed(1)} | ${run.passed} | ${run.failed} | ${formatLoad(run.loadBefore)} | ${formatLoad(run.loadAfter)} |`,
    ),
    '',
    'Slowest files of the last run (seconds from the first to the last test of the file, as Vitest reports them):',
    '',
    '| file | s | tests |',
    '|---|---|---|',
    ...last.slowest.map((file) => `| ${file.file} | ${file.seconds.toFixed(1)} | ${file.tests} |`),
    '',
  ].join('\n');
}

const runCount = Number(process.argv[2] ?? 3);
const runs: SuiteRun[] = [];
for (let run = 1; run <= runCount; run += 1) {
  runs.push(runSuite());
  console.log(`run ${run}: ${runs[runs.length - 1].wallSeconds.toFixed(1)} s`);
}
const previous = readPrevious();
writeFileSync(RESULTS, report(runs) + previous);
console.log(`written to ${path.relative(ROOT, RESULTS)}`);

/** What the file said before (the earlier measurements, kept under the new ones). */
function readPrevious(): string {
  try {
    const text = readFileSync(RESULTS, 'utf8');
    const history = text.indexOf('\n## ');
    return history === -1 ? '' : text.slice(history);
  } catch {
    return '';
  }
}
