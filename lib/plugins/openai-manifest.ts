/**
 * OpenAI-format plugins (`ai-plugin.json`): LobeChat converts them to its own
 * manifest before validating (lobe-chat `convertOpenAIManifestToLobeManifest`),
 * recognising them by `description_for_model`. Their tools come from the
 * OpenAPI document the manifest names, expanded afterwards like any `openapi`.
 */
import type { PluginHttpAuth, PluginParameters } from '../core/plugins';

/** The setting LobeChat creates for a plugin whose `auth.type` is `service_http` (and Parley for `user_http` too). */
const OPENAI_AUTH_SETTING = 'apiAuthKey';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Whether a parsed document is an OpenAI plugin manifest: LobeChat's own test. */
export function isOpenAIPluginManifest(doc: unknown): doc is Json {
  return isObject(doc) && typeof doc.description_for_model === 'string' && doc.description_for_model !== '';
}

/** An address the manifest gives, made absolute against where the manifest came from. */
function absolute(raw: string | undefined, base: string): string | undefined {
  if (raw === undefined) return undefined;
  try {
    return new URL(raw, base).href;
  } catch {
    // Left as written: validation then names the field that is not an address.
    return raw;
  }
}

/** An HTTP header name (an RFC 9110 token), as the manifest schema requires of a credential's header. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * How a service or user token is sent, by OpenAI's `authorization_type`: `custom` sends it as it is in the header
 * `custom_auth_header` names (an API that reads only that header ignores any other); otherwise in the
 * Authorization header, bearer unless it says basic.
 */
function tokenAuth(auth: Json): PluginHttpAuth {
  const type = text(auth.authorization_type)?.toLowerCase();
  const header = text(auth.custom_auth_header);
  if (type === 'custom' && header && HEADER_NAME.test(header)) return { setting: OPENAI_AUTH_SETTING, in: 'header', name: header };
  return { setting: OPENAI_AUTH_SETTING, in: 'header', name: 'Authorization', scheme: type === 'basic' ? 'basic' : 'bearer' };
}

function tokenSettings(defaultToken: string | undefined): PluginParameters {
  return {
    type: 'object',
    properties: {
      [OPENAI_AUTH_SETTING]: {
        type: 'string',
        title: 'API Key',
        description: 'API Key',
        format: 'password',
        ...(defaultToken ? { default: defaultToken } : {}),
      },
    },
    // A prefilled token needs nothing from the user.
    ...(defaultToken ? {} : { required: [OPENAI_AUTH_SETTING] }),
  };
}

/**
 * LobeChat's field mapping: identifier from name_for_model, meta from the
 * human-facing fields, the model description as system role, the API document
 * as `openapi`. A `service_http` or `user_http` token becomes the `apiAuthKey`
 * setting (prefilled with OpenAI's verification token when one is given) and is
 * sent with every operation, in the Authorization header or the custom header the
 * manifest names. The result still goes through validation.
 */
export function convertOpenAIManifest(doc: Json, manifestUrl: string): Json {
  const api = isObject(doc.api) ? doc.api : {};
  const auth = isObject(doc.auth) ? doc.auth : {};
  const manifest: Json = {
    identifier: doc.name_for_model,
    meta: {
      ...(text(doc.logo_url) ? { avatar: absolute(text(doc.logo_url), manifestUrl) } : {}),
      ...(text(doc.description_for_human) ? { description: doc.description_for_human } : {}),
      ...(text(doc.name_for_human) ? { title: doc.name_for_human } : {}),
    },
    api: [],
    ...(text(doc.legal_info_url) ? { homepage: absolute(text(doc.legal_info_url), manifestUrl) } : {}),
    openapi: absolute(text(api.url), manifestUrl),
    systemRole: doc.description_for_model,
    type: 'default',
    version: '1',
  };
  if (auth.type === 'service_http' || auth.type === 'user_http') {
    const tokens = isObject(auth.verification_tokens) ? auth.verification_tokens : {};
    manifest.settings = tokenSettings(text(tokens.openai));
    manifest.httpAuth = { [OPENAI_AUTH_SETTING]: tokenAuth(auth) };
  }
  return manifest;
}
