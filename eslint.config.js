// @ts-check
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import react from 'eslint-plugin-react'
import reactHooks from 'eslint-plugin-react-hooks'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import globals from 'globals'
import { kindBlocks, placeBlocks, resolvedBlocks } from './eslint.layers.js'

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
  // The games' controls and the shell's forms stay usable by keyboard and screen reader.
  { ...jsxA11y.flatConfigs.recommended, files: ['src/**/*.tsx', 'games/**/*.tsx'] },
  {
    files: ['src/**/*.tsx', 'games/**/*.tsx'],
    // Checked where a component forwards the prop to the DOM element, once, not at every caller.
    rules: { 'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }] },
  },
  // Tests may write literal text (fixtures, assertions).
  {
    files: ['**/*.test.{ts,tsx}', 'src/test/**'],
    rules: { 'react/jsx-no-literals': 'off' },
  },
  // --- Layers (STYLE.md sections 1 and 5): see eslint.layers.js ------------------------------
  ...kindBlocks,
  ...placeBlocks,
  ...resolvedBlocks,
)
