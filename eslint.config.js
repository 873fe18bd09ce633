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
      patterns: [noAlias, ...groups].map(({ group, message, allowTypeImports }) => ({ group, message, allowTypeImports })),
    },
  ],
});

/** One import style across the tree: a path relative to the importing file, never an alias. */
const noAlias = { group: ['@/*', '~/*', '@@/*', '~~/*'], message: 'Import by relative path: one import style across the tree.' };

const noEntrypoints = { group: ['**/entrypoints/**'], message: 'Nothing imports an entrypoint.' };
const noComponents = { group: ['**/components/**'], message: 'lib/ must not import components/.' };
const noReact = {
  group: ['react', 'react-dom', 'react-dom/*', 'react-i18next', 'zustand', 'zustand/*'],
  message: 'lib/ is framework-free: no React.',
};
/**
 * Views reach storage through a store or a hook (components/state, `*-store.ts`, `use-*.ts`), so what a view shows
 * and when it re-reads it live in one place a test can drive, not in every view that imports a record function.
 * A type is no access, so type-only imports stay allowed.
 */
const noStorage = {
  group: ['**/lib/storage', '**/lib/storage/**'],
  message: 'Components reach storage through a store (components/state, *-store.ts) or a hook (use-*.ts), not directly.',
  allowTypeImports: true,
};
// Start-up reads storage before any store exists, to paint the first frame, and keeps its early copies in step.
const storageDoors = ['components/state/**', 'components/startup/**', 'components/**/*-store.ts', 'components/**/use-*.ts'];
const noProviders = {
  group: ['**/lib/providers/**'],
  message: 'Components talk to providers only through lib/messaging.',
};
const noVault = {
  group: [
    '**/lib/storage/secret-vault',
    '**/lib/speech/speech-service',
    '**/lib/plugins/plugin-service',
    '**/lib/mcp/mcp-service',
    '**/lib/storage/vault-secrets',
    // The request server redacts errors with the vault's secrets.
    '**/lib/messaging/server',
  ],
  message: 'Only the background reads secrets.',
};

/**
 * A store keeps what it remembers in its state or in a closure made when the store is created. Module state outlives
 * a store and is shared by every one made: a test could start clean only by loading the module again, and test files
 * could never share a module graph.
 */
const noModuleState = {
  'no-restricted-syntax': [
    'error',
    {
      selector: ":matches(Program, Program > ExportNamedDeclaration) > VariableDeclaration[kind!='const']",
      message: "No module-level let in a store: keep it in the store's state or in a closure made when the store is created.",
    },
    {
      selector:
        ':matches(Program, Program > ExportNamedDeclaration) > VariableDeclaration > VariableDeclarator:not([id.typeAnnotation.typeAnnotation.typeName.name=/^Readonly/]) > NewExpression.init[callee.name=/^(Map|Set|WeakMap|WeakSet)$/]',
      message: 'No module-level Map or Set in a store (a Readonly one is a constant): keep it in a closure made when the store is created.',
    },
  ],
};

/**
 * lib/ is layered, bottom first; a folder imports only from the layers below it and from itself. The features are
 * ordered among themselves too (reading aloud speaks, page tools quote pages, plugins use page tools), so no two
 * folders ever import each other. README's "How it is built" explains each layer.
 */
const LIB_LAYERS = [
  ['core', 'i18n'],
  ['transport'],
  ['storage'],
  ['prompts'],
  ['speech'],
  ['reader'],
  ['page'],
  ['providers'],
  ['plugins'],
  ['mcp'],
  ['chat'],
  ['messaging'],
  ['background'],
];
const libLayerRules = LIB_LAYERS.flatMap((layer, level) =>
  layer.map((folder) => {
    const above = LIB_LAYERS.slice(level + 1).flat();
    const siblings = layer.filter((f) => f !== folder);
    const forbidden = [...above, ...siblings];
    if (!forbidden.length) return { files: [`lib/${folder}/**/*.{ts,tsx}`] };
    return {
      files: [`lib/${folder}/**/*.{ts,tsx}`],
      rules: upward(noEntrypoints, noComponents, noReact, {
        group: forbidden.flatMap((f) => [`**/lib/${f}/**`, `../${f}/**`, `../../${f}/**`, `../../../${f}/**`]),
        message: `lib/${folder} sits below ${forbidden.join(', ')}: imports run one way (see LIB_LAYERS in eslint.config.js).`,
      }),
    };
  }),
);

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
      ...upward(),
    },
  },
  { files: ['lib/**/*.{ts,tsx}'], rules: upward(noEntrypoints, noComponents, noReact) },
  ...libLayerRules,
  { files: ['components/**/*.{ts,tsx}'], rules: upward(noEntrypoints, noProviders, noVault, noStorage) },
  { files: storageDoors, rules: upward(noEntrypoints, noProviders, noVault) },
  { files: ['components/state/**/*.{ts,tsx}'], rules: noModuleState },
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
