/**
 * The layers, each importing only those below it (docs/architecture.md). One zone per layer: the files in
 * `target` may not import from any path in `from`. A backward import fails `npm run lint`, and so CI;
 * test/unit/layerRules.test.ts proves that each zone fires.
 */
const BROWSER = ['./providers', './resources', './src'];
const SERVER_TOP = ['./server/app.ts', './server/main.ts', './server/startupProblems.ts'];
/** The demo data: written through the services' rules (password hashing), run by main.ts and the tests. */
const SERVER_SEED = './server/seed';

/** The server's own bottom: what db, services, plugins and routes may all import (besides domain/). */
export const SERVER_FOUNDATION = ['./server/config', './server/errors.ts'];

export const layerZones = [
  {
    target: './domain',
    from: ['./server', ...BROWSER, './test', './bench', './scripts'],
    message: 'domain/ is the bottom layer, shared by the browser and the server: it imports nothing of theirs.',
  },
  {
    target: SERVER_FOUNDATION,
    from: [
      './server/db',
      './server/services',
      './server/plugins',
      './server/routes',
      SERVER_SEED,
      ...SERVER_TOP,
      ...BROWSER,
    ],
    message: 'The server foundation (config, errors) sits below the database layer.',
  },
  {
    target: './server/db',
    from: ['./server/services', './server/plugins', './server/routes', SERVER_SEED, ...SERVER_TOP, ...BROWSER],
    message: 'server/db sits below the services: it imports only domain/ and the server foundation.',
  },
  {
    target: './server/services',
    from: ['./server/plugins', './server/routes', SERVER_SEED, ...SERVER_TOP, ...BROWSER],
    message: 'A service imports only server/db, other services, domain/ and the server foundation, never HTTP code.',
  },
  {
    target: './server/plugins',
    from: ['./server/routes', SERVER_SEED, ...SERVER_TOP, ...BROWSER],
    message: 'Fastify plugins sit below the routes.',
  },
  {
    target: './server/routes',
    from: [SERVER_SEED, ...SERVER_TOP, ...BROWSER],
    message: 'Routes import services, plugins and domain/, never the app that registers them nor the seed.',
  },
  {
    target: SERVER_SEED,
    from: ['./server/plugins', './server/routes', ...SERVER_TOP, ...BROWSER],
    message: 'The seed writes through server/db and the services, never through HTTP code.',
  },
  {
    target: './providers',
    from: ['./resources', './src', './server'],
    message: 'providers/ are factories given their configuration: they import only domain/.',
  },
  {
    target: './resources',
    from: ['./src', './server'],
    message: 'A resource imports providers/, other resources and domain/, never the shell in src/.',
  },
  {
    target: './src',
    from: ['./server'],
    message: 'The browser never imports server code.',
  },
];
