// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { InvalidDocument } from '../../../components/plugins/InvalidDocument';
import type { ManifestIssue } from '../../../lib/plugins/manifest';
import { mount } from '../support/dom';

const tooDeep: ManifestIssue = { code: 'too-deep', path: 'openapi', message: 'Nesting exceeds 32 levels.', limit: 32 };

describe('InvalidDocument', () => {
  it('names the depth limit a document went past, and where', async () => {
    const { container } = await mount(<InvalidDocument issues={[tooDeep]} />);
    expect(container.querySelector('[role="alert"] li')!.textContent).toBe(
      'The document nests more than 32 levels deep (each reference it follows counts as one), the most Parley accepts. Ask the plugin’s author to flatten it: openapi',
    );
  });

  it('states the depth limit in the interface language’s digits', async () => {
    const { container } = await mount(<InvalidDocument issues={[tooDeep]} />, 'ar-SA');
    expect(container.querySelector('li')!.textContent).toContain('٣٢');
  });

  it('still states a size limit in bytes as people read them', async () => {
    const { container } = await mount(
      <InvalidDocument issues={[{ code: 'too-large', path: '', message: 'Too large.', limit: 1024 * 1024 }]} />,
    );
    expect(container.querySelector('li')!.textContent).toContain('1 MB');
  });
});
