import { browser } from 'wxt/browser';
import { broadcast } from '../messaging/events';
import type { PluginRequests } from '../messaging/plugin-protocol';
import type { RequestHandlers } from '../messaging/server';
import { pickSelection } from '../page/selection';
import { isRestrictedUrl } from '../page/restricted';
import { pagePlugin, type PageAccess } from '../plugins/builtin-page-tools';
import { createPluginRuntime } from '../plugins/runtime';
import { createPluginService } from '../plugins/plugin-service';
import { listInstalledPlugins } from '../plugins/plugin-records';
import { pageRequestHandlers, readSelections } from './page-journeys';

/** The window the user is working in: the one whose panel asked, as the worker cannot tell panels apart. */
async function focusedWindowId(): Promise<number> {
  const window = await browser.windows.getLastFocused({ windowTypes: ['normal'] });
  if (window.id === undefined) throw new Error('No browser window is open.');
  return window.id;
}

async function activeTab() {
  const [tab] = await browser.tabs.query({ active: true, windowId: await focusedWindowId() });
  return tab;
}

const pageAccess: PageAccess = {
  async tab() {
    const tab = await activeTab();
    return tab?.url ? { title: tab.title ?? '', url: tab.url } : undefined;
  },
  async read() {
    return pageRequestHandlers['page.read']({ windowId: await focusedWindowId(), languages: [...navigator.languages] });
  },
  async selection() {
    const tab = await activeTab();
    if (tab?.id === undefined || isRestrictedUrl(tab.url)) return '';
    return pickSelection(await readSelections({ tabId: tab.id, allFrames: true }))?.text ?? '';
  },
};

const builtins = [pagePlugin(pageAccess)];
const service = createPluginService({ builtins });

/** Runs the tools of the plugins enabled in a conversation; give it to the StreamRegistry as `tools`. */
export const pluginToolRuntime = createPluginRuntime({
  installed: listInstalledPlugins,
  settings: service.savedSettings,
  builtins,
});

/** Runs a change, then tells every open page, so lists and forms re-read. */
async function changing<T>(change: Promise<T>): Promise<T> {
  const value = await change;
  await broadcast({ type: 'plugins.changed' });
  return value;
}

/** Requests the panel makes about plugins; spread into serveRequests. */
export const pluginHandlers: Pick<RequestHandlers, keyof PluginRequests> = {
  'plugins.list': () => service.list(),
  'plugins.preview': ({ url }) => service.preview(url),
  'plugins.install': (req) => changing(service.install(req)),
  'plugins.update': ({ identifier }) => changing(service.update(identifier)),
  'plugins.remove': async ({ identifier }) => {
    await changing(service.remove(identifier));
    return null;
  },
  'plugins.restore': ({ identifier }) => changing(service.restore(identifier)),
  'plugins.setEnabled': ({ identifier, enabled }) => changing(service.setEnabled(identifier, enabled)),
  'plugins.setDisabledTools': ({ identifier, names }) => changing(service.setDisabledTools(identifier, names)),
  'plugins.saveSettings': ({ identifier, values, clear }) => changing(service.saveSettings(identifier, values, clear)),
  'plugins.frameSettings': ({ identifier }) => service.settings(identifier),
  'plugins.setApproval': ({ identifier, approval }) => changing(service.setApproval(identifier, approval)),
};
