import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { layerZones } from './eslint.layers.js';

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'node_modules', 'data', '.tmp', 'server/db/migrations', 'bench/results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    // Tests, benchmarks and tool configuration reach every tier; the tiers themselves are narrowed below.
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': [
        'error',
        { object: 'describe', property: 'only' },
        { object: 'it', property: 'only' },
        { object: 'test', property: 'only' },
        { object: 'describe', property: 'skip' },
        { object: 'it', property: 'skip' },
        { object: 'test', property: 'skip' },
      ],
    },
  },
  {
    // Plain JavaScript that runs before anything is built (npm start, npm run build), or that loads TypeScript.
    files: ['scripts/**/*.mjs', 'server/**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  // Each tier sees only its own runtime's globals (TypeScript checks the same per tier: tsconfig.<tier>.json).
  { files: ['domain/**/*.ts'], languageOptions: { globals: {} } },
  { files: ['server/**/*.ts'], languageOptions: { globals: globals.node } },
  {
    files: ['src/**/*.{ts,tsx}', 'resources/**/*.{ts,tsx}', 'providers/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
  },
  {
    // domain/ is shared by the browser and the server: it must stay free of React and Node APIs.
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['react', 'react-*', 'node:*', 'fs', 'path', 'crypto', '@mui/*', 'fastify*', 'drizzle-orm*'] },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: layerZones }] },
  },
);
