import { fileURLToPath } from 'node:url';
import { defineConfig } from 'wxt';
import { katexWoff2Only } from './build/katex-woff2-only';
import { localeBundles } from './build/locale-bundles';
import { mcpWithoutAjv } from './build/mcp-without-ajv';
import { privacyPage } from './build/privacy-page';
import { sidePanelPage } from './build/side-panel-page';
import { withoutPluginLoader, withoutRuntimePlugins } from './build/without-plugin-loader';

// Each permission is justified in README.md ("Permissions"); keep the two in step.
const PERMISSIONS = [
  'storage',
  'unlimitedStorage',
  'sidePanel',
  'contextMenus',
  'declarativeNetRequestWithHostAccess',
  'scripting',
  'tts',
  'offscreen',
  'identity',
] as const;
// Chrome-only APIs; Firefox's lint rejects `tts`, and it has a sidebar instead of a side panel.
const CHROME_ONLY_PERMISSIONS: readonly string[] = ['sidePanel', 'offscreen', 'declarativeNetRequestWithHostAccess', 'tts'];
// Firefox has no header-rewriting session rules: a blocking listener sets Origin on Parley's own requests to Ollama.
const FIREFOX_ONLY_PERMISSIONS = ['webRequest', 'webRequestBlocking'];

export default defineConfig({
  modules: ['@wxt-dev/module-react', '@wxt-dev/webextension-polyfill'],
  hooks: { 'config:resolved': withoutRuntimePlugins },
  // Terser packs the panel's first load tighter than esbuild's minifier (about 2 KB gzip of ~130), and a second pass
  // about 0.5 KB more. Vite asks it for Safari 10's workarounds and ES5 output idioms; Parley runs on Chrome 126 and
  // Firefox 140, both ES2020, and without them the first load is 0.16 KB gzip smaller.
  vite: () => ({
    build: {
      minify: 'terser',
      terserOptions: { ecma: 2020, safari10: false, compress: { passes: 2 } },
      modulePreload: { polyfill: false },
    },
    plugins: [
      katexWoff2Only(),
      localeBundles(),
      mcpWithoutAjv(),
      withoutPluginLoader(),
      privacyPage(fileURLToPath(new URL('.', import.meta.url))),
      sidePanelPage(fileURLToPath(new URL('.', import.meta.url))),
    ],
  }),
  manifest: ({ browser }) => ({
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    permissions:
      browser === 'firefox'
        ? [...PERMISSIONS.filter((p) => !CHROME_ONLY_PERMISSIONS.includes(p)), ...FIREFOX_ONLY_PERMISSIONS]
        : [...PERMISSIONS],
    host_permissions: ['<all_urls>'],
    // The toolbar sizes; without them Firefox shows a puzzle piece.
    action: { default_title: '__MSG_actionTitle__', default_icon: { 16: 'icon/16.png', 32: 'icon/32.png' } },
    commands: {
      // Firefox has a sidebar instead of a side panel, with its own built-in command.
      [browser === 'firefox' ? '_execute_sidebar_action' : '_execute_action']: {
        suggested_key: { default: 'Alt+Shift+P' },
        description: '__MSG_commandOpenPanel__',
      },
      'ask-selection': { suggested_key: { default: 'Alt+Shift+S' }, description: '__MSG_commandAskSelection__' },
    },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'parley@parley.app',
              // 140 (ESR) is the first Firefox that reads data_collection_permissions.
              strict_min_version: '140.0',
              // Chats, page text and speech go to services the user chose, never to us (PRIVACY.md),
              // so there is nothing for the add-on's own author to declare.
              data_collection_permissions: { required: ['none'] },
            },
            // Firefox for Android reads data_collection_permissions from 142.
            gecko_android: { strict_min_version: '142.0' },
          },
        }
      : {
          // 126: the modern pdf.js build calls URL.parse; Parley itself needs 116 (sidePanel.open, runtime.getContexts).
          minimum_chrome_version: '126',
        }),
  }),
});
