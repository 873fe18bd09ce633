/**
 * A local LobeChat-style plugin host on 127.0.0.1: manifests (a default, a
 * markdown, a standalone and a gateway plugin), a market index listing them,
 * API endpoints that record the X-Lobe-Plugin-Settings header they receive,
 * and the standalone plugin's UI page. A second server on another port plays
 * a foreign origin whose frame tries to speak to Parley as if it were the plugin,
 * and the target of redirects that must not be followed.
 * It also serves an ordinary article page for the built-in page tools.
 */
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { ServerResponse } from 'node:http';
import { sendJson, sleep, startMockHttpServer, waitForClientClose, type MockHttpServer, type RecordedRequest } from './scenario';

const PAGES = join(import.meta.dirname, '../e2e/pages/plugins');
const OPENAI_FIXTURES = join(import.meta.dirname, '../fixtures/plugins/openai');
const MANIFEST_FIXTURES = join(import.meta.dirname, '../fixtures/plugins/manifests');
const OPENAPI_FIXTURES = join(import.meta.dirname, '../fixtures/plugins/openapi');

/** The recorded OpenAI-format plugins, by their folder in LobeChat's collection, and the real API server each one's OpenAPI document names. */
export const OPENAI_PLUGINS = {
  diceroller: 'https://dmtoolkit-magejosh.replit.app',
  uberchord: 'https://guitarchords.pluginboost.com',
  getchange: 'https://api.getchange.io',
  earthquake: 'https://earthquake.beta3.dev',
  'mixer-box-weather': 'https://weather.mixerbox.com',
  'aladin-search-book': 'https://aladin-search-book.azurewebsites.net',
  litmaps: 'https://api.litmaps.com',
  seo: 'https://seo-plugin.orrenprunckun.com',
  uptime: 'https://api.pulsetic.com',
  levinbot: 'https://levinbot.customplugin.ai',
  'stock-data': 'https://portfoliometa.com',
  'seo-assistant': 'https://webfx.ai',
  'shopping-tools': 'https://shoppingtools.biz',
  'mixer-box-podcasts': 'https://podcasts.mixerbox.com',
  'savvy-trader': 'https://api.savvytrader.com',
  questmate: 'https://chatgpt-plugin.questmate.com',
  'video-summary': 'https://glarity.app',
  'github-stats': 'https://chat-gpt-github-stat-plugin.vercel.app',
  'access-google-sheets': 'https://sheets.accessplugins.com',
  'game-sight': 'https://openai.tapapis.com',
  'mixer-box-translate-ai-language-tutor': 'https://translate.mixerbox.com',
  'weather-gpt': 'https://weathergpt.vercel.app',
  'video-captions': 'https://vcaption.maila.ai',
  travelmyth: 'https://www.travelmyth.com',
  defillama: 'https://llamawrapper-prod.onrender.com',
  astrodaily: 'https://api.360macky.com',
  domatron: 'https://gpt.domatron.com',
  scholarly: 'https://scholarly.maila.ai',
  factcheck: 'https://app.filtir.com',
  'gif-search': 'https://chat-plugin-giphy.efficiency.tools',
  'nba-stats': 'https://nba-gpt-prod.onrender.com',
  ssfineart: 'https://gptfineart.azurewebsites.net',
  // Its recorded version names an openapi.yaml, served as YAML.
  nftguru: 'https://app.swap.net/api/chat-gpt4',
  bardeen: 'https://api.prod.bardeen.ai',
  'charts-and-diagrams': 'https://mermaid.pyxl.uk',
  'image-search': 'https://imgser.aigenprompt.com',
  medium: 'https://medium.com',
  txyz: 'https://plugin.txyz.ai',
  space: 'https://space.automateyournetwork.ca',
  'ask-your-pdf': 'https://plugin.askyourpdf.com',
  'asset-ovi': 'https://assetovi.com',
  boolio: 'https://chatgpt.boolio.co.kr',
  'diagrams-show-me': 'https://showme.redstarplugin.com',
  'make-a-sheet': 'https://sheet-generator.brandzzy.com',
  mintbasesearch: 'https://search-ai.mintbase.xyz',
  'social-search': 'https://twitter.say-apps.com',
  speak: 'https://api.speak.com',
  stackoverflow: 'https://stack-overflow-search.onrender.com',
  // Older versions naming the collection's openapi.yaml, served as YAML.
  'scholarly-yaml': 'https://scholarly.maila.ai',
  'video-captions-yaml': 'https://vcaption.maila.ai',
  // Published by its author, not in the collection: its ai-plugin.json names the document on the author's host.
  whois: 'https://lobechat-whois.vercel.app',
  // Published by their authors too, with documents naming no `servers`: the API is the document's own host.
  '0latency-memory': 'https://0latency.ai',
  agentpay: 'https://leofundmybot.dev',
} as const;
export type OpenAIPluginName = keyof typeof OPENAI_PLUGINS;
/** The collection folder of a recorded version filed under another name (the folder is the name otherwise). */
const OPENAI_FOLDERS: Partial<Record<OpenAIPluginName, string>> = {
  'scholarly-yaml': 'scholarly',
  'video-captions-yaml': 'video-captions',
};
/** The document address an author-hosted plugin's ai-plugin.json names (the collection's plugins name the collection). */
const OPENAI_AUTHOR_DOCUMENTS: Partial<Record<OpenAIPluginName, string>> = {
  whois: 'https://lobechat-whois.vercel.app/openapi.json',
  '0latency-memory': 'https://0latency.ai/api-docs.json',
  agentpay: 'https://leofundmybot.dev/openapi.json',
};
/**
 * The operation the tests call of each document naming no `servers`: its API is the document's own origin, this
 * server once the document is served here, so that path is answered at this server's root.
 */
const OPENAI_SERVERLESS_PATHS: readonly string[] = ['/memories/search', '/v1/spend'];
const isServerlessCall = (r: RecordedRequest) => OPENAI_SERVERLESS_PATHS.includes(r.path.split('?')[0]!);
/** Where the recorded ai-plugin.json files say their documents are published. */
const OPENAI_COLLECTION = 'https://openai-collections.chat-plugin.lobehub.com';
const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };

export const SETTINGS_HEADER = 'x-lobe-plugin-settings';

/** The next answer an API endpoint gives; without one, each endpoint answers as a real plugin would. */
export type ApiReply =
  | { kind: 'json'; body: unknown; status?: number }
  | { kind: 'text'; text: string; contentType?: string }
  /** Never answers, until the client gives up. */
  | { kind: 'hang' }
  /** A body of `size` bytes. */
  | { kind: 'bytes'; size: number }
  | { kind: 'redirect'; location: string };

export interface PluginMock {
  origin: string;
  /** Origin of the foreign server. */
  foreignOrigin: string;
  urls: { weather: string; report: string; clock: string; gateway: string; index: string; article: string };
  /** The recorded ai-plugin.json of each OpenAI-format plugin, its addresses pointed at this server. */
  openaiManifest(name: OpenAIPluginName): string;
  /** Changes what an OpenAI-format plugin's ai-plugin.json serves next. */
  editOpenAIManifest(name: OpenAIPluginName, edit: (manifest: Record<string, unknown>) => Record<string, unknown>): void;
  /** Requests that reached the OpenAI-format plugins' APIs (at the root for documents without `servers`), in order. */
  openaiCalls(): RecordedRequest[];
  /**
   * A recorded LobeChat-format manifest (a file of tests/fixtures/plugins/manifests), served with every origin
   * its APIs, gateway and UI name moved to `recordedApiBase(file)` on this server.
   */
  recordedManifest(file: string): string;
  recordedApiBase(file: string): string;
  /** Requests that reached the recorded manifests' APIs and gateways, in order. */
  recordedCalls(): RecordedRequest[];
  requests: RecordedRequest[];
  /** Requests the foreign server received. */
  foreignRequests: RecordedRequest[];
  /** A URL on the plugin host that answers 302 with Location `to`. */
  redirectTo(to: string): string;
  /** POSTs to the API endpoints, in order. */
  apiCalls(): RecordedRequest[];
  nextApiReply(reply: ApiReply): void;
  /** Changes what a manifest route serves next (to test updates). */
  editManifest(name: ManifestName, edit: (manifest: Record<string, unknown>) => Record<string, unknown>): void;
  manifest(name: ManifestName): Record<string, unknown>;
  clear(): void;
  close(): Promise<void>;
}

export type ManifestName = 'weather' | 'report' | 'clock' | 'gateway';

function manifests(origin: string, foreignOrigin: string): Record<ManifestName, Record<string, unknown>> {
  return {
    weather: {
      identifier: 'mock-weather',
      meta: { title: 'Mock Weather', description: 'Current weather for a city.', avatar: '🌦', tags: ['weather'] },
      author: 'Parley tests',
      api: [
        {
          name: 'getWeather',
          description: 'Get the current weather for a city.',
          url: `${origin}/api/weather`,
          parameters: { type: 'object', properties: { city: { type: 'string', description: 'City name' } }, required: ['city'] },
        },
      ],
      settings: {
        type: 'object',
        properties: {
          apiKey: { type: 'string', title: 'Weather API key', description: 'The key the weather service gave you.' },
          units: { type: 'string', title: 'Units', enum: ['metric', 'imperial'], default: 'metric' },
          days: { type: 'integer', title: 'Forecast days', description: 'How many days to forecast.' },
        },
        required: ['apiKey'],
      },
      systemRole: 'Use getWeather for every question about the weather.',
      version: '1',
    },
    report: {
      identifier: 'mock-report',
      type: 'markdown',
      meta: { title: 'Mock Report', description: 'Writes a short report in markdown.' },
      api: [
        {
          name: 'makeReport',
          description: 'Write a report on a topic.',
          url: `${origin}/api/report`,
          parameters: { type: 'object', properties: { topic: { type: 'string' } }, required: ['topic'] },
        },
      ],
    },
    clock: {
      identifier: 'mock-clock',
      type: 'standalone',
      meta: { title: 'Mock Clock', description: 'Shows a clock.' },
      api: [
        {
          name: 'showClock',
          description: 'Show a clock for a time zone.',
          parameters: { type: 'object', properties: { zone: { type: 'string' } }, required: ['zone'] },
        },
      ],
      settings: { type: 'object', properties: { label: { type: 'string', title: 'Clock label' } } },
      ui: { url: `${origin}/ui/standalone.html?foreign=${encodeURIComponent(foreignOrigin)}`, height: 260 },
    },
    gateway: {
      identifier: 'mock-gateway',
      meta: { title: 'Mock Gateway' },
      gateway: `${origin}/api/gateway`,
      api: [
        {
          name: 'lookUp',
          description: 'Look something up through the gateway.',
          url: `${origin}/api/never-called-directly`,
          parameters: { type: 'object', properties: { term: { type: 'string' } }, required: ['term'] },
        },
      ],
    },
  };
}

async function serveFile(res: ServerResponse, name: string): Promise<void> {
  try {
    const body = await readFile(join(PAGES, name));
    res.writeHead(200, { 'content-type': TYPES[extname(name)] ?? 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404).end();
  }
}

async function sendReply(res: ServerResponse, reply: ApiReply): Promise<void> {
  switch (reply.kind) {
    case 'json':
      sendJson(res, reply.status ?? 200, reply.body);
      return;
    case 'text':
      res.writeHead(200, { 'content-type': reply.contentType ?? 'text/plain; charset=utf-8' });
      res.end(reply.text);
      return;
    case 'hang':
      res.writeHead(200, { 'content-type': 'application/json' });
      res.flushHeaders();
      await waitForClientClose(res);
      return;
    case 'bytes': {
      // Chunked, without a length: the client has to count while it reads.
      res.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = 'x'.repeat(64 * 1024);
      for (let sent = 0; sent < reply.size && !res.destroyed; sent += chunk.length) {
        res.write(chunk.slice(0, Math.min(chunk.length, reply.size - sent)));
        await sleep(0);
      }
      res.end();
      return;
    }
    case 'redirect':
      res.writeHead(307, { location: reply.location });
      res.end();
      return;
  }
}

function argsOf(recorded: RecordedRequest): Record<string, unknown> {
  return (recorded.body ?? {}) as Record<string, unknown>;
}

export async function startPluginServer(): Promise<PluginMock> {
  const replies: ApiReply[] = [];
  let current: Record<ManifestName, Record<string, unknown>> | undefined;

  const foreign: MockHttpServer = await startMockHttpServer(async (_req, res, recorded) => {
    const path = recorded.path.split('?')[0];
    if (path === '/forger.html') await serveFile(res, 'forger.html');
    else if (path === '/weather/manifest.json') sendJson(res, 200, current!.weather);
    else res.writeHead(404).end();
  });

  const server = await startMockHttpServer(async (req, res, recorded) => {
    const path = recorded.path.split('?')[0]!;
    const docs = current!;
    if (OPENAI_SERVERLESS_PATHS.includes(path)) return sendJson(res, 200, { answer: "from the document's own host", path });
    if (req.method === 'GET') {
      if (path === '/weather/manifest.json') return sendJson(res, 200, docs.weather);
      if (path === '/report/manifest.json') return sendJson(res, 200, docs.report);
      if (path === '/clock/manifest.json') return sendJson(res, 200, docs.clock);
      if (path === '/gateway/manifest.json') return sendJson(res, 200, docs.gateway);
      if (path === '/index.json') {
        return sendJson(res, 200, {
          schemaVersion: 1,
          plugins: (['weather', 'report', 'clock'] as const).map((name) => ({
            identifier: docs[name].identifier,
            manifest: `${server.origin}/${name}/manifest.json`,
            meta: docs[name].meta,
            author: 'Parley tests',
            createdAt: '2024-01-01',
          })),
        });
      }
      if (path === '/moved') {
        res.writeHead(302, { location: new URL(recorded.path, server.origin).searchParams.get('to') ?? '/' });
        res.end();
        return;
      }
      const recordedFile = /^\/recorded\/([\w-]+\.json)$/.exec(path);
      if (recordedFile) return serveRecordedManifest(res, recordedFile[1]!);
      const recordedDocument = /^\/recorded-api\/([\w-]+)\/openapi\.json$/.exec(path);
      if (recordedDocument) return serveRecordedOpenApi(res, recordedDocument[1]!);
      if (path.startsWith('/recorded-api/')) return sendJson(res, 200, { answer: 'from the recorded plugin', path });
      const openai = /^\/openai\/([\w-]+)\/(ai-plugin\.json|openapi\.json|openapi\.yaml)$/.exec(path);
      if (openai && openai[1]! in OPENAI_PLUGINS) return serveOpenAIDocument(res, openai[1] as OpenAIPluginName, openai[2]!);
      if (path.startsWith('/openai-api/')) return sendJson(res, 200, { chord: 'Fmaj7', image_url: `${server.origin}/fmaj7.png`, path });
      if (path === '/ui/standalone.html') return serveFile(res, 'standalone.html');
      if (path === '/ui/forger.html') return serveFile(res, 'forger.html');
      if (path === '/pages/article.html') return serveFile(res, 'article.html');
      res.writeHead(404).end();
      return;
    }
    if (path.startsWith('/openai-api/')) return sendJson(res, 200, { result: 17, detailed_result: '4d6: 6, 5, 4, 2', path });
    if (path.startsWith('/recorded-api/')) return sendJson(res, 200, { answer: 'from the recorded plugin', path });
    if (req.method !== 'POST' || !path.startsWith('/api/')) {
      res.writeHead(404).end();
      return;
    }
    const scripted = replies.shift();
    if (scripted) return sendReply(res, scripted);
    const args = argsOf(recorded);
    if (path === '/api/weather') {
      return sendJson(res, 200, { city: args.city, forecast: 'Sunny and 21 °C', source: 'mock-weather' });
    }
    if (path === '/api/report') {
      return sendReply(res, {
        kind: 'text',
        text: `## Report on ${String(args.topic)}\n\n- **Status:** all good\n- Checked by mock-report`,
        contentType: 'text/markdown',
      });
    }
    if (path === '/api/gateway') return sendJson(res, 200, { via: 'gateway', apiName: args.apiName, arguments: args.arguments });
    res.writeHead(404).end();
  });

  const openaiEdits = new Map<OpenAIPluginName, (manifest: Record<string, unknown>) => Record<string, unknown>>();

  /** The recorded document as published, with the collection and the API server moved to this server; YAML is served as YAML. */
  async function serveOpenAIDocument(res: ServerResponse, name: OpenAIPluginName, file: string): Promise<void> {
    const [kind, ext] = file.split('.') as [string, string];
    let text: string;
    try {
      text = await readFile(join(OPENAI_FIXTURES, `${name}.${kind}.${ext}`), 'utf8');
    } catch {
      res.writeHead(404).end();
      return;
    }
    const authorDocument = OPENAI_AUTHOR_DOCUMENTS[name];
    const moved = (authorDocument ? text.replaceAll(authorDocument, `${server.origin}/openai/${name}/openapi.json`) : text)
      .replaceAll(`${OPENAI_COLLECTION}/${OPENAI_FOLDERS[name] ?? name}/`, `${server.origin}/openai/${name}/`)
      .replaceAll(OPENAI_COLLECTION, `${server.origin}/openai`)
      .replaceAll(OPENAI_PLUGINS[name], `${server.origin}/openai-api/${name}`);
    const edit = kind === 'ai-plugin' ? openaiEdits.get(name) : undefined;
    const body = edit ? JSON.stringify(edit(JSON.parse(moved) as Record<string, unknown>)) : moved;
    res.writeHead(200, { 'content-type': ext === 'yaml' ? 'text/yaml' : 'application/json' }).end(body);
  }

  /** Where a recorded manifest's calls land on this server. */
  const recordedApiBase = (file: string) => `${server.origin}/recorded-api/${file.replace(/\.json$/, '')}`;

  /** The recorded manifest as published, with each origin its APIs, gateway and UI name moved to this server. */
  async function serveRecordedManifest(res: ServerResponse, file: string): Promise<void> {
    let text: string;
    try {
      text = await readFile(join(MANIFEST_FIXTURES, file), 'utf8');
    } catch {
      res.writeHead(404).end();
      return;
    }
    const manifest = JSON.parse(text) as { api?: { url?: string }[]; gateway?: string; ui?: { url?: string }; openapi?: string };
    const addresses = [...(manifest.api ?? []).map((api) => api.url), manifest.gateway, manifest.ui?.url, manifest.openapi];
    const origins = new Set(addresses.flatMap((url) => (url ? [new URL(url).origin] : [])));
    for (const origin of origins) text = text.replaceAll(origin, recordedApiBase(file));
    res.writeHead(200, { 'content-type': 'application/json' }).end(text);
  }

  /**
   * The OpenAPI document a recorded `openapi` manifest names (tests/fixtures/plugins/openapi/<name>.openapi.json),
   * with its API server moved to the manifest's base on this server.
   */
  async function serveRecordedOpenApi(res: ServerResponse, name: string): Promise<void> {
    let text: string;
    try {
      text = await readFile(join(OPENAPI_FIXTURES, `${name}.openapi.json`), 'utf8');
    } catch {
      res.writeHead(404).end();
      return;
    }
    const { servers = [] } = JSON.parse(text) as { servers?: { url: string }[] };
    for (const { url } of servers) text = text.replaceAll(new URL(url).origin, recordedApiBase(`${name}.json`));
    res.writeHead(200, { 'content-type': 'application/json' }).end(text);
  }

  current = manifests(server.origin, foreign.origin);
  const isApi = (r: RecordedRequest) => r.method === 'POST' && r.path.startsWith('/api/');

  return {
    origin: server.origin,
    foreignOrigin: foreign.origin,
    urls: {
      weather: `${server.origin}/weather/manifest.json`,
      report: `${server.origin}/report/manifest.json`,
      clock: `${server.origin}/clock/manifest.json`,
      gateway: `${server.origin}/gateway/manifest.json`,
      index: `${server.origin}/index.json`,
      article: `${server.origin}/pages/article.html`,
    },
    requests: server.requests,
    foreignRequests: foreign.requests,
    openaiManifest: (name) => `${server.origin}/openai/${name}/ai-plugin.json`,
    editOpenAIManifest: (name, edit) => void openaiEdits.set(name, edit),
    openaiCalls: () => server.requests.filter((r) => r.path.startsWith('/openai-api/') || isServerlessCall(r)),
    recordedManifest: (file) => `${server.origin}/recorded/${file}`,
    recordedApiBase,
    recordedCalls: () => server.requests.filter((r) => r.path.startsWith('/recorded-api/')),
    redirectTo: (to) => `${server.origin}/moved?to=${encodeURIComponent(to)}`,
    apiCalls: () => server.requests.filter(isApi),
    nextApiReply: (reply) => void replies.push(reply),
    editManifest(name, edit) {
      current = { ...current!, [name]: edit(structuredClone(current![name])) };
    },
    manifest: (name) => structuredClone(current![name]),
    clear() {
      replies.length = 0;
      openaiEdits.clear();
      server.requests.length = 0;
      foreign.requests.length = 0;
      current = manifests(server.origin, foreign.origin);
    },
    close: async () => {
      await Promise.all([server.close(), foreign.close()]);
    },
  };
}
