import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * Imports flow one way: entrypoints -> components -> lib. lib/ stays free of
 * React so it can run in the service worker, and the panel never reaches a
 * provider adapter directly: it goes through lib/messaging.
 */
const upward = (...groups) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: groups.map(({ group, message }) => ({ group, message })),
    },
  ],
});

const noEntrypoints = { group: ['**/entrypoints/**', '@/entrypoints/**', '~/entrypoints/**'], message: 'Nothing imports an entrypoint.' };
const noComponents = { group: ['**/components/**', '@/components/**', '~/components/**'], message: 'lib/ must not import components/.' };
const noReact = {
  group: ['react', 'react-dom', 'react-dom/*', 'react-i18next', 'zustand', 'zustand/*'],
  message: 'lib/ is framework-free: no React.',
};
const noProviders = {
  group: ['**/lib/providers/**', '@/lib/providers/**', '~/lib/providers/**'],
  message: 'Components talk to providers only through lib/messaging.',
};
const noVault = {
  group: [
    '**/lib/storage/secret-vault',
    '@/lib/storage/secret-vault',
    '**/lib/speech/speech-service',
    '@/lib/speech/speech-service',
    '**/lib/plugins/service',
    '@/lib/plugins/service',
    '**/lib/storage/vault-secrets',
    '@/lib/storage/vault-secrets',
    // The request server redacts errors with the vault's secrets.
    '**/lib/messaging/server',
    '@/lib/messaging/server',
  ],
  message: 'Only the background reads secrets.',
};

export default tseslint.config(
  { ignores: ['.output/**', '.wxt/**', 'node_modules/**', 'lib/plugins/generated/**', '.bench/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  { files: ['lib/**/*.{ts,tsx}'], rules: upward(noEntrypoints, noComponents, noReact) },
  { files: ['components/**/*.{ts,tsx}'], rules: upward(noEntrypoints, noProviders, noVault) },
  {
    files: [
      'entrypoints/*.content.ts',
      'entrypoints/*.content/**',
      'entrypoints/sidepanel/**',
      'entrypoints/offscreen/**',
      'entrypoints/mic-permission/**',
    ],
    rules: upward(noProviders, noVault),
  },
  {
    files: ['scripts/**/*.mjs', 'tests/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly' } },
  },
);
