import { fail } from '../../core/errors';
import { assertCredentialUrl, requireCredential } from '../../transport/url-policy';
import type { ProviderSecrets } from '../types';

export interface BedrockConfig {
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  /** Replaces the endpoint derived from the region, variants included. */
  endpoint?: string;
  useFipsEndpoint: boolean;
  useDualstackEndpoint: boolean;
  guardrail?: { identifier: string; version: string };
  trace: boolean;
  latencyOptimized: boolean;
}

const VARIANTS: Record<string, { fips: boolean; dualstack: boolean }> = {
  standard: { fips: false, dualstack: false },
  fips: { fips: true, dualstack: false },
  dualstack: { fips: false, dualstack: true },
  'fips-dualstack': { fips: true, dualstack: true },
};

/**
 * The provider's settings and secrets, checked before anything is signed.
 * Throws a ChatFailure with the SDK's own wording for what the SDK would
 * otherwise reject later: "Region is missing", "Credential is missing".
 */
export function readBedrockConfig(settings: Record<string, string>, secrets: ProviderSecrets): BedrockConfig {
  const region = settings.region?.trim();
  if (!region) fail('region-missing', 'Region is missing');
  const accessKeyId = requireCredential(secrets.accessKeyId);
  const secretAccessKey = requireCredential(secrets.secretAccessKey);
  const sessionToken = secrets.sessionToken?.trim() || undefined;

  const endpoint = settings.endpoint?.trim() || undefined;
  // The signature is a replayable credential for minutes: it only travels over https, or to this machine.
  if (endpoint) assertCredentialUrl(endpoint);
  const variant = VARIANTS[settings.endpointVariant?.trim() || 'standard'];
  if (!variant) fail('bad-request', `Unknown endpoint variant ${settings.endpointVariant}`);

  const identifier = settings.guardrailIdentifier?.trim() ?? '';
  const version = settings.guardrailVersion?.trim() ?? '';
  if (Boolean(identifier) !== Boolean(version)) fail('bad-request', 'A guardrail needs both its identifier and its version.');

  return {
    region,
    credentials: { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) },
    ...(endpoint ? { endpoint } : {}),
    // The SDK refuses FIPS or dual-stack together with a custom endpoint.
    useFipsEndpoint: !endpoint && variant.fips,
    useDualstackEndpoint: !endpoint && variant.dualstack,
    ...(identifier ? { guardrail: { identifier, version } } : {}),
    trace: settings.trace === 'ENABLED',
    latencyOptimized: settings.latency === 'optimized',
  };
}
