/**
 * What an Azure AI inference provider's settings mean, checked before any
 * request leaves: where it goes, with which api-version, and how it proves
 * who is asking.
 */
import { fail } from '../../core/errors';
import { assertCredentialUrl, requireCredential, trimBaseUrl } from '../../transport/url-policy';
import type { ProviderSecrets } from '../types';

const DEFAULT_AZURE_API_VERSION = '2024-05-01-preview';
const DEFAULT_API_KEY_HEADER = 'api-key';

export type AzureAuth = { mode: 'api-key'; header: string; key: string } | { mode: 'bearer'; token: string };

export interface AzureConfig {
  /** The endpoint as typed, normalised, without a trailing slash. */
  endpoint: string;
  apiVersion: string;
  auth: AzureAuth;
}

const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// The SDK pastes the api-version into the query string unencoded.
const API_VERSION = /^[0-9A-Za-z._-]+$/;

/**
 * `typed` holds the settings as saved, before defaults: a header name the user
 * cleared is a mistake to report, where one never touched means `api-key`.
 */
function apiKeyHeader(settings: Record<string, string>, typed: Record<string, string>): string {
  const name = (typed.apiKeyHeader ?? settings.apiKeyHeader ?? DEFAULT_API_KEY_HEADER).trim();
  if (!name) fail('api-key-header-missing', 'Missing API Key Header Name');
  if (!HEADER_NAME.test(name)) fail('bad-request', `Not a valid header name: ${name}`);
  return name;
}

/** Throws a ChatFailure for the first thing that would make every request fail. */
export function resolveAzureConfig(
  settings: Record<string, string>,
  secrets: ProviderSecrets,
  typed: Record<string, string> = settings,
): AzureConfig {
  const auth: AzureAuth =
    settings.authMode === 'bearer'
      ? { mode: 'bearer', token: requireCredential(secrets.apiKey) }
      : { mode: 'api-key', header: apiKeyHeader(settings, typed), key: requireCredential(secrets.apiKey) };
  // A key and a token are both credentials: https only, or plain http to this computer.
  const url = assertCredentialUrl(settings.endpoint ?? '');
  const apiVersion = settings.apiVersion?.trim() || DEFAULT_AZURE_API_VERSION;
  if (!API_VERSION.test(apiVersion)) fail('bad-request', `Not a valid api-version: ${apiVersion}`);
  return { endpoint: trimBaseUrl(url.href), apiVersion, auth };
}
