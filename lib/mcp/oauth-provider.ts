/**
 * The MCP SDK's OAuthClientProvider for one server: Parley as a public client (PKCE, no secret) registered by
 * dynamic client registration, its client information, tokens and PKCE verifier sealed in the vault under the
 * server's owner. The SDK's auth() drives discovery, registration, the code exchange and refresh; this provider only
 * keeps what auth() hands it and, when signing in, opens the browser's sign-in window and checks what comes back.
 */
import './zod-jitless';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { fail } from '../core/errors';
import { secretNeedles } from '../core/redact';
import { getSecrets, setSecrets } from '../storage/secret-vault';
import { assertCredentialUrl } from '../transport/url-policy';

/** The vault fields of a server's sign-in, beside its typed token and headers. */
export const OAUTH_FIELDS = { client: 'oauthClient', tokens: 'oauthTokens', verifier: 'oauthVerifier' } as const;

/** Opens the authorization URL in the browser's sign-in window; resolves with the URL it was redirected back to. */
export type SignInWindow = (authorizationUrl: string) => Promise<string | undefined>;

export interface McpOAuthOptions {
  /** The server's vault owner. */
  owner: string;
  /** Where the authorization server sends the browser back (identity.getRedirectURL()). */
  redirectUrl: string;
  /** Only when the user asked to sign in; without it a needed sign-in fails with 'mcp-sign-in-required'. */
  signInWindow?: SignInWindow;
  /** The saved sign-in changed (new tokens, or dead ones forgotten): the panel's view changes. */
  onChange?(): void;
}

export interface McpOAuthProvider extends OAuthClientProvider {
  /** The authorization code the sign-in window brought back, for transport.finishAuth. */
  readonly code: string | undefined;
  /** Every token this provider has seen: redacted from what the server sends back. */
  secrets(): string[];
}

function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The code in the URL the sign-in window came back with, once it is checked to be ours and to carry our state. */
function codeFrom(returned: string | undefined, redirectUrl: string, state: string | undefined): string {
  const url = returned ? new URL(returned) : undefined;
  const expected = new URL(redirectUrl);
  if (!url || url.origin !== expected.origin || url.pathname !== expected.pathname) {
    fail('mcp-sign-in-failed', 'The sign-in window did not come back to Parley.');
  }
  // The state ties the answer to the request this worker made: another code (an injected one) is refused.
  if (!state || url.searchParams.get('state') !== state) fail('mcp-sign-in-failed', 'The sign-in answer carried the wrong state.');
  const error = url.searchParams.get('error');
  if (error) fail('mcp-sign-in-failed', `The authorization server refused the sign-in: ${error}.`);
  const code = url.searchParams.get('code');
  if (!code) fail('mcp-sign-in-failed', 'The sign-in answer carried no authorization code.');
  return code;
}

export function createOAuthProvider(options: McpOAuthOptions): McpOAuthProvider {
  const { owner, redirectUrl, signInWindow } = options;
  const seen = new Set<string>();
  let state: string | undefined;
  let code: string | undefined;

  async function read<T>(field: string): Promise<T | undefined> {
    const value = (await getSecrets(owner))[field];
    return value ? (JSON.parse(value) as T) : undefined;
  }

  async function forget(fields: string[]): Promise<void> {
    await setSecrets(owner, Object.fromEntries(fields.map((field) => [field, ''])));
    options.onChange?.();
  }

  function remember(tokens: OAuthTokens | undefined): OAuthTokens | undefined {
    for (const value of [tokens?.access_token, tokens?.refresh_token]) if (value) seen.add(value);
    return tokens;
  }

  return {
    get code() {
      return code;
    },
    secrets: () => secretNeedles([...seen]),
    get redirectUrl() {
      return redirectUrl;
    },
    get clientMetadata(): OAuthClientMetadata {
      return {
        client_name: 'Parley',
        redirect_uris: [redirectUrl],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      };
    },
    state() {
      state = randomState();
      return state;
    },
    clientInformation: () => read<OAuthClientInformationMixed>(OAUTH_FIELDS.client),
    async saveClientInformation(information) {
      await setSecrets(owner, { [OAUTH_FIELDS.client]: JSON.stringify(information) });
    },
    async tokens() {
      return remember(await read<OAuthTokens>(OAUTH_FIELDS.tokens));
    },
    // Called with the first tokens and with every refreshed pair: the SDK refreshes on a 401. The verifier has
    // served its one exchange by then, so it is not kept.
    async saveTokens(tokens) {
      remember(tokens);
      await setSecrets(owner, { [OAUTH_FIELDS.tokens]: JSON.stringify(tokens), [OAUTH_FIELDS.verifier]: '' });
      options.onChange?.();
    },
    async saveCodeVerifier(verifier) {
      await setSecrets(owner, { [OAUTH_FIELDS.verifier]: verifier });
    },
    async codeVerifier() {
      const verifier = (await getSecrets(owner))[OAUTH_FIELDS.verifier];
      if (!verifier) fail('mcp-sign-in-failed', 'No sign-in was started for this server.');
      return verifier;
    },
    async invalidateCredentials(scope) {
      if (scope === 'discovery') return;
      const fields = {
        all: Object.values(OAUTH_FIELDS),
        client: [OAUTH_FIELDS.client],
        tokens: [OAUTH_FIELDS.tokens],
        verifier: [OAUTH_FIELDS.verifier],
      }[scope];
      await forget(fields);
    },
    async redirectToAuthorization(authorizationUrl) {
      if (!signInWindow) {
        // The tokens no longer work and could not be refreshed: forgotten, so the panel offers "Sign in" again.
        await forget([OAUTH_FIELDS.tokens]);
        fail('mcp-sign-in-required', 'The MCP server needs the user to sign in again in Settings.');
      }
      // The window shows this page to the user: an https page, or one on this computer.
      const url = assertCredentialUrl(authorizationUrl.href);
      let returned: string | undefined;
      try {
        returned = await signInWindow(url.href);
      } catch (e) {
        fail('mcp-sign-in-failed', `The sign-in window closed: ${e instanceof Error ? e.message : String(e)}`);
      }
      code = codeFrom(returned, redirectUrl, state);
    },
  };
}
