// @ts-check
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import react from 'eslint-plugin-react'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

/**
 * Layer boundaries of ../shared/STYLE.md section 1, as `no-restricted-imports` rules whose
 * messages say why. Each layer lists what it must never import.
 */
const ui = ['react', 'react-dom', 'react-dom/*', '@pixi/react', '@xstate/react', 'react-i18next']
const network = ['socket.io-client', 'socket.io', 'ky', 'ky/*']
const pixi = ['pixi.js', 'pixi.js/*', '@pixi/*']

/** @param {string[]} names @param {string} message */
const forbid = (names, message) => ({ group: names, message })

const pureLayerMessage =
  'rules, protocols (game and HTTP), fairness and money are pure and isomorphic: they run unchanged in the browser, the server and the verifier, so they import only each other and zod.'

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      '.dist-*/**',
      '.bench-dist/**',
      'node_modules/**',
      '.data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
      'public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'games/**/*.{ts,tsx}'],
    plugins: { react, 'react-hooks': reactHooks },
    settings: { react: { version: 'detect' } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Every user-visible string goes through i18next (STYLE.md section 10).
      'react/jsx-no-literals': ['error', { noStrings: false, ignoreProps: true }],
      'react/jsx-key': 'error',
    },
  },
  // Tests may write literal text (fixtures, assertions).
  {
    files: ['**/*.test.{ts,tsx}', 'src/test/**'],
    rules: { 'react/jsx-no-literals': 'off' },
  },
  // --- Layer: pure rules, protocols, fairness, money -------------------------------------------
  {
    files: [
      'games/*/rules.ts',
      'games/*/rules/**/*.ts',
      'games/*/protocol.ts',
      'games/engine/fairness/**/*.ts',
      'games/engine/money/**/*.ts',
      'src/api/protocol/**/*.ts',
    ],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid(
              [...ui, ...network, ...pixi, 'xstate', 'js-cookie', 'zustand'],
              pureLayerMessage,
            ),
            forbid(['node:*', 'fs', 'path', 'crypto', 'os', 'child_process'], pureLayerMessage),
            forbid(['**/src/**', '**/server/**'], pureLayerMessage),
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'window', message: pureLayerMessage },
        { name: 'document', message: pureLayerMessage },
        { name: 'process', message: pureLayerMessage },
      ],
    },
  },
  // --- Layer: game machines ------------------------------------------------------------------
  {
    files: ['games/**/*.machine.ts', 'games/*/machine.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid(
              [...pixi, ...ui, ...network, '**/scene/**', '**/src/**', '**/server/**'],
              'Machines own game state only: network, timers and storage arrive as provided actors (.provide()), drawing belongs to the scene, so a machine runs unchanged in a replay test.',
            ),
          ],
        },
      ],
    },
  },
  // --- Layer: scenes -------------------------------------------------------------------------
  {
    files: ['games/*/scene/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid(
              [...ui, ...network, '**/src/**', '**/server/**', '**/ui/**'],
              'A scene only draws the snapshot it is given and reports intents through callbacks; it never touches React or the network.',
            ),
          ],
        },
      ],
    },
  },
  // --- Layer: engine and games (everything under games/) --------------------------------------
  {
    files: ['games/**/*.{ts,tsx}'],
    ignores: [
      'games/*/rules.ts',
      'games/*/protocol.ts',
      'games/engine/fairness/**',
      'games/engine/money/**',
      'games/**/*.machine.ts',
      'games/*/scene/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid(
              ['**/src/**', '**/server/**'],
              'games/ is the engine and the games; the shell (src/) and the server depend on it, never the reverse.',
            ),
          ],
        },
      ],
    },
  },
  // --- Layer: the shell ----------------------------------------------------------------------
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid(
              ['**/server/**', '**/server'],
              'src/ runs in the browser and never imports the server; talk to it through src/api.',
            ),
            {
              regex: '(^|/)games/(?!engine/)[a-z-]+/(?!index$).+',
              message:
                'The shell uses a game only through games/<id>/index.ts, so a game can change inside without touching the shell.',
            },
            {
              regex: '(^|/)games/engine/[a-z-]+/(?!index$).+',
              message: 'The shell uses an engine module only through its index.ts.',
            },
          ],
        },
      ],
    },
  },
  // --- Layer: the server ---------------------------------------------------------------------
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid(
              [
                ...ui,
                ...pixi,
                'socket.io-client',
                'ky',
                '**/scene/**',
                '**/*.machine',
                '**/games/engine/canvas/**',
                '**/games/engine/stream/**',
                '**/games/engine/replay/**',
              ],
              'The server shares only rules, protocols, fairness and money with the client; scenes, machines and the shell are browser code.',
            ),
            {
              // The HTTP contract (src/api/protocol) is pure zod and is the one part of src/ the
              // server shares: the reference server implements exactly what the client calls.
              regex: '(^|/)src/(?!api/protocol(/|$))',
              message:
                'The server imports nothing from src/ except the HTTP contract in src/api/protocol.',
            },
          ],
        },
      ],
    },
  },
  // --- Browser code uses zod/mini ------------------------------------------------------------
  // The typescript-eslint twin of `no-restricted-imports`, so this adds to the layer rules above
  // instead of replacing their options. All of src/ and games/ (the HTTP protocols are shared
  // with the server, and zod/mini schemas parse there the same).
  {
    files: ['src/**/*.{ts,tsx}', 'games/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              message:
                "Use zod/mini (`import { z } from 'zod/mini'`) in browser code: classic zod adds ~12 KB gzip of method classes that tree-shaking cannot drop. Only the server's own schemas use classic.",
            },
          ],
        },
      ],
    },
  },
)
