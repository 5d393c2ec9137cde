/**
 * How much code one request path pulls in: the files and lines that `server/routes/events.ts` (the event
 * update and every other event route) reaches through its imports, as esbuild resolves them. A reviewer
 * reading an event update has to hold this much in mind; the number should only go down.
 *
 *   npx tsx bench/importReach.ts [entry]   (default: server/routes/events.ts)
 */
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const entry = process.argv[2] ?? 'server/routes/events.ts';

const result = await build({
  entryPoints: [entry],
  bundle: true,
  write: false,
  metafile: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  logLevel: 'silent',
});

const files = Object.keys(result.metafile.inputs).filter((file) => !file.includes('node_modules'));
const linesOf = (file: string) => readFileSync(file, 'utf8').split('\n').length;
const summary = (selected: string[]) =>
  `${selected.length} files, ${selected.reduce((total, file) => total + linesOf(file), 0)} lines`;

console.log(`${entry} reaches`);
console.log(`  everything:               ${summary(files)}`);
console.log(`  domain/:                  ${summary(files.filter((file) => file.startsWith('domain/')))}`);
console.log(`  server/db/schema/:        ${summary(files.filter((file) => file.includes('/db/schema/')))}`);
console.log(
  `  rest of server/:          ${summary(files.filter((file) => file.startsWith('server/') && !file.includes('/db/schema/')))}`,
);
