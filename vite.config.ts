import { defineConfig, type Plugin } from 'vitest/config';
import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';

const apiPort = Number(process.env.PORT ?? 3000);

/**
 * The development server's port: VITE_PORT, default 5173. Like the server's PORT, an empty or malformed
 * value is refused rather than read as the default.
 */
export function devServerPort(value: string | undefined = process.env.VITE_PORT): number {
  if (value === undefined) return 5173;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 65535) {
    throw new Error(`VITE_PORT: must be an integer between 1 and 65535 (unset: 5173); got "${value}"`);
  }
  return Number(value);
}

/**
 * The UI tests' dependencies as users run them: Vitest resolves packages with the `development` export
 * condition (and passes `--conditions development` to its workers for those it leaves to Node) unless NODE_ENV
 * was `production` when the configuration loaded, which one project cannot set for itself. Emotion's
 * development build, which styles every MUI element, labels and checks each style. Without the condition each
 * package resolves to its default, production, entry. Vitest adds it in its own `config` hook, this runs after
 * it, and it leaves no resolver with the condition: a test file importing Emotion through one resolution and
 * MUI through the other would hold two Emotions, and MUI would not see the test's style cache.
 */
function dependenciesInTheirProductionBuilds(): Plugin {
  return {
    name: 'dependencies-in-their-production-builds',
    config: {
      order: 'post',
      handler(config) {
        const resolves = [
          config.resolve,
          ...Object.values(config.environments ?? {}).map((environment) => environment.resolve),
        ];
        for (const resolve of resolves)
          if (resolve?.conditions)
            resolve.conditions = resolve.conditions.filter((condition) => condition !== 'development|production');
      },
    },
  };
}

export default defineConfig({
  plugins: [react()],
  server: {
    port: devServerPort(),
    // Exactly this port, never the next free one: `npm run dev` gives the API this address as PUBLIC_URL
    // (links in mails), which must be where the app really is.
    strictPort: true,
    // In `npm run dev` the API runs on PORT and Vite proxies it, so the app keeps one origin.
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // dist/.vite/manifest.json: each chunk's static and dynamic imports, which test/unit/publicBundle.test.ts
    // walks to prove that the public pages load no react-admin.
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries in chunks of their own, so a release that changes only the app's code leaves the
        // browser's cached vendor chunks valid. Only modules the entry loads at start ('$initial') are
        // grouped: what lazy chunks alone use (the fr/de/it catalogues with ra-language-french, page-only
        // components) stays in those chunks. A higher priority claims its modules first.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
              tags: ['$initial'],
              priority: 40,
            },
            {
              name: 'mui',
              test: /[\\/]node_modules[\\/](@mui|@emotion|@popperjs)[\\/]/,
              tags: ['$initial'],
              priority: 30,
            },
            {
              name: 'react-admin',
              // react-admin's packages; its message catalogues (ra-language-*) are the public pages' too.
              test: /[\\/]node_modules[\\/](react-admin|ra-(?!language-)[a-z-]+)[\\/]/,
              tags: ['$initial'],
              priority: 20,
            },
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 10 },
          ],
        },
      },
    },
  },
  test: {
    // Vitest leaves one core to its main process by default, which on two cores means one worker: the
    // workers do nearly all the work, so use every core but one, and at least two.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A young generation of 64 MB instead of V8's 16: the UI tests make React fibers, Emotion styles and DOM
    // nodes by the million, most dead by the next render, and fewer scavenges spend less of the CPU collecting
    // them (bench/results/test-suite.md).
    execArgv: ['--max-semi-space-size=64'],
    // Keeps the transformed modules on disk between runs (node_modules/.experimental-vitest-cache): a second run
    // spends about 2 s transforming instead of 23 s. Delete that folder if a run ever seems to use stale code.
    experimental: { fsModuleCache: true },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['test/unit/**/*.test.ts'],
          // Pure functions: the files share one module graph per worker instead of importing it again each.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['test/api/**/*.test.ts'],
          globalSetup: ['test/api/seededImage.ts', 'test/api/serverBuild.ts'],
          // One module graph per worker: Fastify, Drizzle and the app load once, not once per file.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        // React's production build, as users run it: a quarter less CPU than the development build, which
        // records a stack trace for every element it creates (bench/results/test-suite.md). JSX is compiled for
        // it, and test/ui/reactAct.ts gives it the `act` that Testing Library calls.
        oxc: { jsx: { development: false } },
        plugins: [dependenciesInTheirProductionBuilds()],
        test: {
          name: 'ui',
          env: { NODE_ENV: 'production' },
          // happy-dom: the same suite ran in two thirds of jsdom 29's time (bench/results/test-suite.md).
          environment: 'happy-dom',
          include: ['test/ui/**/*.test.tsx'],
          setupFiles: ['test/ui/setup.ts'],
          // One module graph and DOM per worker: react-admin and MUI load once, not once per file. The set-up
          // file runs for each file, and after each test it unmounts, clears the storages and restores mocks.
          isolate: false,
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          // Drives the built app in Debian's Chromium; run by `npm run test:e2e`, not by `npm test`.
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.e2e.ts'],
          globalSetup: ['test/e2e/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two files at a time, each against the product its worker owns (test/e2e/globalSetup.ts); against
          // one product already running (E2E_BASE_URL) they run one after another, as they share its records.
          fileParallelism: !process.env.E2E_BASE_URL,
          // A page may take seconds to settle on a busy 2-core machine; expect.poll's 1 s default is too short.
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
});
