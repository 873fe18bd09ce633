// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { UNSEEN_TAGS } from '../../../lib/core/unseen-tags';
import { visibleText } from '../../../lib/page/visible-text';
import { buildTextMap } from '../../../lib/reader/text-map';

/** An element of `tag` holding the word "hidden", between two words a reader sees. */
function pageWith(tag: string): HTMLElement {
  document.body.innerHTML = '<p>Before <span id="slot"></span> after</p>';
  const element = document.createElement(tag.toLowerCase());
  // A string literal, so a script jsdom runs does nothing.
  element.append(document.createTextNode("'hidden';"));
  document.getElementById('slot')!.replaceWith(element);
  return document.body;
}

describe('the elements no reader sees', () => {
  it.each(UNSEEN_TAGS)('leaves the text of %s out both of the page text for a model and of the text read aloud', (tag) => {
    expect(visibleText(pageWith(tag))).not.toContain('hidden');
    expect(buildTextMap(pageWith(tag)).text).not.toContain('hidden');
    expect(buildTextMap(pageWith(tag)).text).toContain('Before');
  });

  it('keeps each its own few: a datalist option is not read aloud, an image map is not sent', () => {
    expect(buildTextMap(pageWith('OPTION')).text).not.toContain('hidden');
    expect(visibleText(pageWith('MAP'))).not.toContain('hidden');
    expect(visibleText(pageWith('P'))).toContain('hidden');
  });
});
