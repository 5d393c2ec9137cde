/**
 * `npx tsx bench/uploads.ts`: what one animated upload costs the server before and after its bounds
 * (domain/upload.ts UPLOAD_LIMITS.maxFrames / maxAnimationPixels, UPLOAD_PROCESSING), written to
 * bench/results/uploads.md. Frames are noise, the encoder's worst case. Times are compared as ratios to one
 * still photo processed in the same run, beside the load average: the machine is shared.
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { UPLOAD_LIMITS, UPLOAD_PROCESSING } from '../domain/upload';
import { prepareFile, uploadWorkGate } from '../server/services/uploads';

const SIDE = 400;

function noise(width: number, height: number, seed: number): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed >>> 0 || 1;
  for (let index = 0; index < pixels.length; index += 1) {
    state = (state * 1664525 + 1013904223) >>> 0;
    pixels[index] = state >>> 24;
  }
  return pixels;
}

const animation = (frames: number) =>
  sharp(noise(SIDE, SIDE * frames, frames), {
    raw: { width: SIDE, height: SIDE * frames, channels: 3, pageHeight: SIDE },
  })
    .webp({ quality: 80, loop: 0, effort: 0 })
    .toBuffer();

async function measure(run: () => Promise<unknown>): Promise<{ ms: number; rssMb: number; outcome: string }> {
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  let outcome = 'processed';
  try {
    await run();
  } catch (error) {
    outcome = `refused: ${(error as Error).message}`;
  }
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { ms, rssMb: (peak - rssBefore) / 1_000_000, outcome };
}

const unbounded = (bytes: Buffer) => sharp(bytes, { animated: true }).webp({ quality: 90 }).toBuffer();

async function main() {
  const gate = uploadWorkGate({ concurrent: 8, waiting: 0 });
  const still = await sharp(noise(2000, 1500, 7), { raw: { width: 2000, height: 1500, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
  const longest = await animation(140);
  const largestAccepted = await animation(Math.floor(UPLOAD_LIMITS.maxAnimationPixels / (SIDE * SIDE)));
  const loadBefore = loadavg()
    .map((value) => value.toFixed(1))
    .join(', ');

  const rows: Array<[string, Awaited<ReturnType<typeof measure>>]> = [];
  rows.push(['still JPEG 2000 × 1500 (reference)', await measure(() => prepareFile(still, gate))]);
  rows.push([
    `140 frames ${SIDE}², ${(longest.length / 1e6).toFixed(1)} MB, re-encoded without bounds (before)`,
    await measure(() => unbounded(longest)),
  ]);
  rows.push(['the same 140 frames through prepareFile (after)', await measure(() => prepareFile(longest, gate))]);
  rows.push([
    `${largestAccepted.length > 0 ? Math.floor(UPLOAD_LIMITS.maxAnimationPixels / (SIDE * SIDE)) : 0} frames ${SIDE}², the largest accepted animation`,
    await measure(() => prepareFile(largestAccepted, gate)),
  ]);
  const narrow = uploadWorkGate();
  rows.push([
    `3 largest accepted at once, ${UPLOAD_PROCESSING.concurrent} at a time (wall time)`,
    await measure(() => Promise.all([0, 1, 2].map(() => prepareFile(largestAccepted, narrow)))),
  ]);
  const loadAfter = loadavg()
    .map((value) => value.toFixed(1))
    .join(', ');

  const reference = rows[0][1].ms;
  const table = rows.map(
    ([name, result]) =>
      `| ${name} | ${result.ms.toFixed(0)} | ${(result.ms / reference).toFixed(2)} | ${result.rssMb.toFixed(0)} | ${result.outcome.slice(0, 40)} |`,
  );
  const report = [
    `# Uploads: the cost of animations (${new Date().toISOString()}, node ${process.version}, ${process.platform})`,
    '',
    `Load average before: ${loadBefore}; after: ${loadAfter}. Frames are noise (the encoder's worst case).`,
    `Limits: ${UPLOAD_LIMITS.maxFrames} frames, ${UPLOAD_LIMITS.maxAnimationPixels / 1e6} million pixels over all frames, ` +
      `${UPLOAD_PROCESSING.concurrent} pictures at a time, ${UPLOAD_PROCESSING.timeoutSeconds} s per picture.`,
    '',
    '| work | ms | × still | peak RSS growth MB | outcome |',
    '|---|---|---|---|---|',
    ...table,
    '',
  ].join('\n');
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results', 'uploads.md');
  writeFileSync(file, report);
  console.log(report);
}

await main();
