import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isAbortError } from '../../../lib/core/errors';
import { buildPluginRequest, executePluginCall, type PluginRequest } from '../../../lib/plugins/gateway';
import type { PluginManifest } from '../../../lib/core/plugins';
import { decodePluginSettings, PLUGIN_SETTINGS_HEADER } from '../../../lib/plugins/settings-header';
import { parseManifestText } from '../../../lib/plugins/validate-manifest';
import { fixtureText } from './fixtures';
import { until, installFakeClock } from '../support/fake-clock';
import { failureOf } from '../support/failure';

function manifest(fixture: string): PluginManifest {
  const result = parseManifestText(fixtureText(`manifests/${fixture}`));
  if (!result.ok) throw new Error(`${fixture} is invalid`);
  return result.manifest;
}

describe('buildPluginRequest', () => {
  it('POSTs the arguments straight to the API url', () => {
    const request = buildPluginRequest({
      manifest: manifest('realtime-weather.json'),
      apiName: 'fetchCurrentWeather',
      args: { city: '柏林' },
    });
    expect(request).toEqual({
      url: 'https://realtime-weather.chat-plugin.lobehub.com/api/v1',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"city":"柏林"}',
    });
  });

  it("sends LobeChat's gateway payload when the manifest names a gateway", () => {
    const cse = manifest('google-cse.json');
    const request = buildPluginRequest({
      manifest: cse,
      apiName: 'searchGoogle',
      args: { query: 'parley' },
      settings: { API_KEY: 'k', ENGINE_ID: 'e' },
    });
    expect(request.url).toBe('https://google-cse-lobechat.vercel.app/api/gateway');
    expect(JSON.parse(request.body ?? '')).toEqual({
      apiName: 'searchGoogle',
      arguments: '{"query":"parley"}',
      identifier: 'google-cse',
      manifest: JSON.parse(JSON.stringify(cse)),
      type: 'default',
    });
    expect(decodePluginSettings(request.headers[PLUGIN_SETTINGS_HEADER])).toEqual({ API_KEY: 'k', ENGINE_ID: 'e' });
  });

  it('sends no settings header without settings', () => {
    const request = buildPluginRequest({ manifest: manifest('website-crawler.json'), apiName: 'getWebsiteContent', args: {} });
    expect(Object.keys(request.headers)).toEqual(['content-type']);
  });

  it('refuses an API the manifest does not have', async () => {
    const error = await failureOf(() => buildPluginRequest({ manifest: manifest('bilibili.json'), apiName: 'deleteAccount', args: {} }));
    expect(error.code).toBe('not-found');
  });

  it('refuses an API with nowhere to send it', async () => {
    const error = await failureOf(() => buildPluginRequest({ manifest: manifest('clock-time.json'), apiName: 'getCurrentTime', args: {} }));
    expect(error.code).toBe('unsupported');
  });

  it('refuses to send settings over plain http to another host', async () => {
    const weather = manifest('realtime-weather.json');
    const tampered: PluginManifest = { ...weather, api: weather.api.map((api) => ({ ...api, url: 'http://weather.example/api' })) };
    const error = await failureOf(() =>
      buildPluginRequest({ manifest: tampered, apiName: 'fetchCurrentWeather', args: {}, settings: 'secret' }),
    );
    expect(error.code).toBe('insecure-url');
  });
});

describe('executePluginCall against a local plugin server', () => {
  let server: Server;
  let origin = '';
  const hits: string[] = [];

  const routes: Record<string, (req: IncomingMessage, res: ServerResponse, body: string) => void> = {
    '/echo': (req, res, body) => {
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          method: req.method,
          body,
          settings: decodePluginSettings(req.headers[PLUGIN_SETTINGS_HEADER.toLowerCase()] as string),
        }),
      );
    },
    '/slow-headers': (_req, res) => {
      setTimeout(() => res.end('late'), 2_000).unref();
    },
    '/slow-body': (_req, res) => {
      res.write('partial');
      setTimeout(() => res.end('late'), 2_000).unref();
    },
    '/big-stream': (_req, res) => {
      const chunk = 'x'.repeat(4096);
      let sent = 0;
      const push = () => {
        if (res.destroyed || sent >= 64) return res.end();
        sent++;
        res.write(chunk, push);
      };
      push();
    },
    '/big-declared': (_req, res) => {
      res.setHeader('content-length', '1000000');
      res.end('x'.repeat(1_000_000));
    },
    '/redirect': (_req, res) => {
      res.statusCode = 302;
      res.setHeader('location', `${origin}/elsewhere`);
      res.end();
    },
    '/elsewhere': (_req, res) => res.end('should never be reached'),
    '/settings-invalid': (_req, res) => {
      res.statusCode = 401;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ body: { message: 'missing key' }, errorType: 'PluginSettingsInvalid' }));
    },
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.push(req.url ?? '');
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => (routes[req.url ?? ''] ?? ((_q, r) => ((r.statusCode = 404), r.end())))(req, res, body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const request = (path: string, extra: Partial<PluginRequest> = {}): PluginRequest => ({
    url: `${origin}${path}`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
    ...extra,
  });
  const limits = { timeoutMs: 300, maxBytes: 10_000 };

  it('delivers arguments and settings that survive the HTTP hop', async () => {
    const settings = { API_KEY: 'sk-1\r\nX-Injected: 1', city: '北京 🌧️ القاهرة' };
    const plugin = manifest('template-markdown.json');
    const built = buildPluginRequest({
      manifest: { ...plugin, api: plugin.api.map((api) => ({ ...api, url: `${origin}/echo` })) },
      apiName: 'recommendClothes',
      args: { mood: 'happy', gender: 'woman' },
      settings,
    });
    const result = await executePluginCall(built, limits);
    expect(result.status).toBe(200);
    expect(result.contentType).toBe('application/json');
    expect(JSON.parse(result.text)).toEqual({ method: 'POST', body: '{"mood":"happy","gender":"woman"}', settings });
  });

  /** Calls a path the server answers late, moving a fake clock to the time limit once the server holds the request. */
  async function callPastTheLimit(path: string) {
    installFakeClock();
    try {
      const pending = failureOf(executePluginCall(request(path), limits));
      // The gateway's deadline and the server's late answer.
      await until(() => hits.includes(path) && vi.getTimerCount() >= 2);
      await vi.advanceTimersByTimeAsync(limits.timeoutMs - 1);
      expect(await Promise.race([pending, 'still waiting'])).toBe('still waiting');
      await vi.advanceTimersByTimeAsync(1);
      return await pending;
    } finally {
      vi.useRealTimers();
    }
  }

  it('gives up when no answer arrives in time', async () => {
    expect((await callPastTheLimit('/slow-headers')).code).toBe('timeout');
  });

  it('gives up when the body stalls', async () => {
    expect((await callPastTheLimit('/slow-body')).code).toBe('timeout');
  });

  it('stops reading once the response passes the size limit', async () => {
    const error = await failureOf(executePluginCall(request('/big-stream'), limits));
    expect(error).toMatchObject({ code: 'unsupported', type: 'PluginResponseTooLarge' });
  });

  it('refuses a response whose declared length is over the limit', async () => {
    const error = await failureOf(executePluginCall(request('/big-declared'), limits));
    expect(error.type).toBe('PluginResponseTooLarge');
  });

  it('never follows a redirect', async () => {
    const error = await failureOf(executePluginCall(request('/redirect'), limits));
    expect(error.code).toBe('cross-origin-redirect');
    expect(hits).not.toContain('/elsewhere');
  });

  it("turns an error answer into a failure carrying LobeChat's errorType", async () => {
    const error = await failureOf(executePluginCall(request('/settings-invalid'), limits));
    expect(error).toMatchObject({ code: 'unauthorized', status: 401, type: 'PluginSettingsInvalid' });
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    const pending = executePluginCall(request('/slow-headers'), { ...limits, timeoutMs: 5_000, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toSatisfy(isAbortError);
  });
});
