import { defineConfig } from 'wxt';

export default defineConfig({
  modules: ['@wxt-dev/module-react', '@wxt-dev/webextension-polyfill'],
  manifest: ({ browser }) => ({
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    permissions: [
      'storage',
      'unlimitedStorage',
      'sidePanel',
      'contextMenus',
      'declarativeNetRequestWithHostAccess',
      'scripting',
      'tabs',
      'tts',
      'offscreen',
    ].filter((p) => browser === 'chrome' || !['sidePanel', 'offscreen', 'declarativeNetRequestWithHostAccess'].includes(p)),
    host_permissions: ['<all_urls>'],
    action: { default_title: '__MSG_actionTitle__' },
    commands: {
      // Firefox has a sidebar instead of a side panel, with its own built-in command.
      [browser === 'firefox' ? '_execute_sidebar_action' : '_execute_action']: {
        suggested_key: { default: 'Alt+Shift+P' },
        description: '__MSG_commandOpenPanel__',
      },
      'ask-selection': { suggested_key: { default: 'Alt+Shift+S' }, description: '__MSG_commandAskSelection__' },
    },
    ...(browser === 'firefox' ? { browser_specific_settings: { gecko: { id: 'parley@parley.app', strict_min_version: '128.0' } } } : {}),
  }),
});
