/**
 * The models a Bedrock account can chat with. The runtime API cannot list
 * models, so this asks Bedrock's control plane (ListFoundationModels and
 * ListInferenceProfiles, signed for the same "bedrock" signing name) on the
 * host that matches the runtime's: bedrock-runtime[-fips].<region>… becomes
 * bedrock[-fips].<region>…; a custom endpoint is asked as it is.
 */
import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { SignatureV4 } from '@smithy/signature-v4';
import { chatError, ChatFailure, codeForStatus, type ChatError } from '../../core/errors';
import type { ModelInfo } from '../../core/providers';
import { createBedrockClient, serviceState } from './bedrock-client';
import type { ServiceClock } from './bedrock-clock';
import type { BedrockConfig } from './bedrock-config';
import { bedrockExceptionError } from './bedrock-errors';
import { ContextFetchHandler } from './bedrock-http';
import { trimBaseUrl } from '../../transport/url-policy';
import type { ProviderContext } from '../types';
import { field, text, type JsonObject } from '../wire-common';

const SIGNING_NAME = 'bedrock';

function controlPlaneUrl(client: BedrockRuntimeClient, config: BedrockConfig): URL {
  if (config.endpoint) return new URL(config.endpoint);
  const { url } = client.config.endpointProvider({
    Region: config.region,
    UseFIPS: config.useFipsEndpoint,
    UseDualStack: config.useDualstackEndpoint,
  });
  const control = new URL(url.href);
  control.hostname = control.hostname.replace(/^bedrock-runtime/, 'bedrock');
  return control;
}

/** An AWS JSON error reply: its type in x-amzn-ErrorType ("Name:namespace") or __type, its text in message. */
function replyError(status: number, headers: Record<string, string>, body: string, provider?: string): ChatError {
  let parsed: JsonObject = {};
  try {
    parsed = JSON.parse(body) as JsonObject;
  } catch {
    // Not JSON: the status alone says what happened.
  }
  const name = (headers['x-amzn-errortype'] ?? text(parsed.__type) ?? '').split(':')[0]!.split('#').pop() ?? '';
  const message = text(parsed.message) ?? text(parsed.Message) ?? body.trim();
  if (!name) return chatError(codeForStatus(status), message || `Bedrock answered ${status}`, { provider, status });
  return bedrockExceptionError(name, message, { provider, status });
}

/** What a signed control-plane request needs. */
interface CatalogIO {
  config: BedrockConfig;
  clock: ServiceClock;
  sha256: ConstructorParameters<typeof SignatureV4>[0]['sha256'];
  handler: ContextFetchHandler;
  signal: AbortSignal;
  provider: string;
}

async function signedGet(base: URL, path: string, query: Record<string, string>, io: CatalogIO): Promise<JsonObject> {
  const signer = new SignatureV4({
    service: SIGNING_NAME,
    region: io.config.region,
    credentials: io.config.credentials,
    sha256: io.sha256,
  });
  const basePath = trimBaseUrl(base.pathname);
  // A refusal signed with a clock since corrected is worth one more try with the service's time.
  for (let attempt = 0; ; attempt++) {
    const signedWith = io.clock.offsetMs;
    const request = await signer.sign(
      {
        method: 'GET',
        protocol: base.protocol,
        hostname: base.hostname,
        port: base.port ? Number(base.port) : undefined,
        path: `${basePath}${path}`,
        query,
        headers: { host: base.host },
      },
      { signingDate: io.clock.now() },
    );
    const { response } = await io.handler.handle(request, { abortSignal: io.signal });
    const body = await new Response(response.body as ReadableStream<Uint8Array>).text();
    io.clock.sample(response.headers.date);
    if (response.statusCode >= 200 && response.statusCode < 300) return JSON.parse(body) as JsonObject;
    if (io.clock.offsetMs !== signedWith && attempt === 0) continue;
    throw new ChatFailure(replyError(response.statusCode, response.headers, body, io.provider));
  }
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const strings = (value: unknown): string[] => list(value).filter((v): v is string => typeof v === 'string');
function modelIdOfArn(arn: unknown): string | undefined {
  const value = text(arn);
  return value?.slice(value.lastIndexOf('/') + 1);
}

/**
 * Text models that answer on demand, and the system-defined inference
 * profiles that newer models can only be reached through.
 */
export async function listBedrockModels(ctx: ProviderContext, config: BedrockConfig): Promise<ModelInfo[]> {
  // The runtime client knows the endpoint rules and the hash the SDK uses here.
  const client = createBedrockClient(ctx, config);
  const io: CatalogIO = {
    config,
    clock: serviceState(ctx.config.id, config).clock,
    sha256: client.config.sha256,
    handler: new ContextFetchHandler(ctx.fetch),
    signal: ctx.signal,
    provider: ctx.config.id,
  };
  const base = controlPlaneUrl(client, config);
  const [models, profiles] = await Promise.all([
    signedGet(base, '/foundation-models', { byOutputModality: 'TEXT' }, io),
    // Some policies allow listing models but not profiles; the models alone are still a useful list.
    signedGet(base, '/inference-profiles', { maxResults: '1000', type: 'SYSTEM_DEFINED' }, io).catch((e: unknown) => {
      if (e instanceof ChatFailure && e.error.code === 'forbidden') return {} as JsonObject;
      throw e;
    }),
  ]);

  const textModels = list(models.modelSummaries)
    .map((m) => m as JsonObject)
    .filter((m) => strings(m.inputModalities).includes('TEXT') && strings(m.outputModalities).includes('TEXT'))
    .filter((m) => field(m, 'modelLifecycle')?.status !== 'LEGACY');
  const textIds = new Set(textModels.map((m) => text(m.modelId)));

  const out: ModelInfo[] = [];
  for (const m of textModels) {
    const id = text(m.modelId);
    if (id && strings(m.inferenceTypesSupported).includes('ON_DEMAND')) out.push({ id, label: text(m.modelName) ?? id });
  }
  for (const raw of list(profiles.inferenceProfileSummaries)) {
    const p = raw as JsonObject;
    const id = text(p.inferenceProfileId);
    const forText = list(p.models).some((m) => textIds.has(modelIdOfArn((m as JsonObject).modelArn)));
    if (id && p.status === 'ACTIVE' && forText) out.push({ id, label: text(p.inferenceProfileName) ?? id });
  }
  return out;
}
