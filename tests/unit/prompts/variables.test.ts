import { describe, expect, it } from 'vitest';
import { expandPrompt, expandWithInput, variablesIn } from '../../../lib/prompts/variables';

describe('prompt variables', () => {
  it('fills in every variable it has a value for', () => {
    const expanded = expandPrompt('{{title}} ({{url}}) on {{date}} in {{language}}: {{page}} / {{selection}} / {{input}}', {
      title: 'Tides',
      url: 'https://example.test/tides',
      date: '24/11/2026',
      language: 'Deutsch',
      page: 'The sea rises.',
      selection: 'rises',
      input: 'briefly',
    });
    expect(expanded).toEqual({
      text: 'Tides (https://example.test/tides) on 24/11/2026 in Deutsch: The sea rises. / rises / briefly',
      missing: [],
    });
  });

  it('names the variables with no value and leaves them in the text as written', () => {
    expect(expandPrompt('Explain:\n\n{{selection}}\n\nFrom {{ url }}; {{selection}} again', { selection: '  ', title: 'T' })).toEqual({
      text: 'Explain:\n\n{{selection}}\n\nFrom {{ url }}; {{selection}} again',
      missing: ['selection', 'url'],
    });
  });

  it('inserts braces inside a value as they are, never expanding them in turn', () => {
    const selection = 'const t = `{{input}}` + "{{page}}"; {{unknown}}';
    expect(expandPrompt('Fix {{selection}} for {{input}}', { selection, input: 'me' })).toEqual({
      text: `Fix ${selection} for me`,
      missing: [],
    });
  });

  it('keeps unknown names as ordinary text', () => {
    expect(expandPrompt('Hello {{name}} and {{selection}}', { selection: 'x' })).toEqual({ text: 'Hello {{name}} and x', missing: [] });
    expect(variablesIn('{{name}} {{page}} {{title}} {{page}}')).toEqual(['page', 'title']);
  });

  it('keeps right-to-left text whole and in its order, in the prompt and in the values', () => {
    const selection = 'مرحبا بالعالم! هذا نص عربي (مع أقواس) و123.';
    const expanded = expandPrompt('اشرح هذا النص بوضوح:\n\n{{selection}}\n\n{{url}}', {
      selection,
      url: 'https://example.test/مقالة',
    });
    expect(expanded.text).toBe(`اشرح هذا النص بوضوح:\n\n${selection}\n\nhttps://example.test/مقالة`);
    expect(expanded.missing).toEqual([]);
  });

  it('puts what follows the command into {{input}}, or after the prompt when it has no place for it', () => {
    expect(expandWithInput('Rewrite: {{input}}', { input: ' this line ' }).text).toBe('Rewrite: this line');
    expect(expandWithInput('Summarize {{page}}', { page: 'P', input: 'in French' }).text).toBe('Summarize P\n\nin French');
    expect(expandWithInput('Rewrite: {{input}}', {})).toEqual({ text: 'Rewrite: {{input}}', missing: ['input'] });
    expect(expandWithInput('Say hi', { input: '' })).toEqual({ text: 'Say hi', missing: [] });
  });
});
