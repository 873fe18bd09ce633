import type { ChatError } from '../../lib/core/errors';
import type { ProviderField, ProviderKindInfo } from '../../lib/core/providers';

/** Which field a refusal is about, so it is shown there rather than at the foot of the form. */
export function fieldAtFault(info: ProviderKindInfo, error: ChatError): ProviderField | undefined {
  if (error.field) return info.fields.find((f) => f.label === error.field && f.type !== 'headers');
  const firstSecret = info.fields.find((f) => f.type === 'secret' && f.required) ?? info.fields.find((f) => f.type === 'secret');
  switch (error.code) {
    case 'credential-missing':
    case 'unauthorized':
      return firstSecret;
    case 'api-key-header-missing':
      return info.fields.find((f) => f.key === 'apiKeyHeader');
    case 'region-missing':
      return info.fields.find((f) => f.key === 'region');
    case 'invalid-url':
    case 'insecure-url': {
      const urls = info.fields.filter((f) => f.type === 'url');
      return urls.length === 1 ? urls[0] : undefined;
    }
    default:
      return undefined;
  }
}
