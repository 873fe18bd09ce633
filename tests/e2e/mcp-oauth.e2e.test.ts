import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startMcpServer, type McpMock } from '../mocks/mcp-server';
import { startOAuthServer, type OAuthMock } from '../mocks/oauth-server';
import { axeViolations } from './support/axe';
import { launchExtension, type ExtensionHarness } from './support/extension';
import { openSettingsSection } from './support/panel';

/**
 * Signing in to an MCP server in real Chromium: the card's Sign in asks for the sign-in service's origin, then the
 * worker runs identity.launchWebAuthFlow against the loopback authorization server, whose /authorize sends the
 * window straight to https://<id>.chromiumapp.org/, which Chrome intercepts. That host is made unresolvable, so
 * nothing ever leaves loopback even if Chrome tried to load it.
 */
describe('MCP servers that ask for a sign-in', () => {
  let harness: ExtensionHarness;
  let authority: OAuthMock;
  let mcp: McpMock;
  let page: Page;

  const cardNamed = (name: string) => page.locator('.mcp').getByRole('listitem', { name });

  beforeAll(async () => {
    authority = await startOAuthServer();
    mcp = await startMcpServer({ oauth: authority });
    harness = await launchExtension({ args: ['--host-resolver-rules=MAP *.chromiumapp.org ~NOTFOUND'] });
    page = await harness.openSidePanelPage();
  });

  afterAll(async () => {
    await harness?.close();
    await mcp?.close();
    await authority?.close();
  });

  it('adds the server, signs in through the approved sign-in service, lists its tools, and signs out', async () => {
    await openSettingsSection(page, 'Plugins');
    await page.getByLabel('Server address').fill(mcp.url);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.getByRole('dialog', { name: 'Connect to this MCP server?' }).getByRole('button', { name: 'Allow and connect' }).click();
    const host = new URL(mcp.url).host;
    const added = cardNamed(host);
    await expect.poll(() => added.count(), { timeout: 15_000 }).toBe(1);
    expect(await added.innerText()).toContain('This server asks you to sign in');

    await added.getByRole('button', { name: `Sign in to ${host}` }).click();
    const approval = page.getByRole('dialog', { name: 'Allow this sign-in service?' });
    expect(await approval.getByRole('list', { name: 'Origin to approve' }).innerText()).toBe(authority.origin);
    // Nothing goes to the sign-in service before the user approves its origin.
    expect(authority.requests).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await approval.getByRole('button', { name: 'Allow and sign in' }).click();

    const card = cardNamed('loopback-tools');
    await expect.poll(() => card.count(), { timeout: 30_000 }).toBe(1);
    expect(await card.innerText()).toContain('Tools: 6');
    expect(await card.innerText()).toContain('Signed in.');
    expect(authority.grants).toEqual(['authorization_code']);
    expect(authority.requests.some((r) => r.path === '/authorize')).toBe(true);

    await card.getByRole('button', { name: 'Sign out of loopback-tools' }).click();
    await expect.poll(() => card.getByRole('button', { name: 'Sign in to loopback-tools' }).count(), { timeout: 10_000 }).toBe(1);
  });
});
