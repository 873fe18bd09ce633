import { describe, expect, it } from 'vitest';
import { chatError } from '../../../lib/core/errors';
import { isPanelToBackground } from '../../../lib/messaging/protocol';
import { isPageToBackground } from '../../../lib/messaging/reader-protocol';
import { isPlayerReport } from '../../../lib/messaging/speech-protocol';

describe('what a port carries is checked before it is acted on', () => {
  it('takes a panel chat message only with its ids', () => {
    expect(isPanelToBackground({ type: 'start', conversationId: 'c', messageId: 'm' })).toBe(true);
    expect(isPanelToBackground({ type: 'stop', conversationId: 'c' })).toBe(true);
    expect(isPanelToBackground({ type: 'watch', conversationId: 'c' })).toBe(true);
    expect(isPanelToBackground({ type: 'start', conversationId: 'c' })).toBe(false);
    expect(isPanelToBackground({ type: 'watch' })).toBe(false);
    expect(isPanelToBackground({ type: 'delete', conversationId: 'c' })).toBe(false);
    expect(isPanelToBackground(null)).toBe(false);
    expect(isPanelToBackground('start')).toBe(false);
  });

  it("takes a page's reader message only in the shape the reader reads", () => {
    expect(isPageToBackground({ type: 'prepared', sentences: ['One.', 'Two.'], start: 1, lang: 'en' })).toBe(true);
    expect(isPageToBackground({ type: 'command', command: { action: 'jump', index: 3 } })).toBe(true);
    expect(isPageToBackground({ type: 'command', command: { action: 'rate', rate: 1.5 } })).toBe(true);
    expect(isPageToBackground({ type: 'command', command: { action: 'pause' } })).toBe(true);
    expect(isPageToBackground({ type: 'prepared', sentences: ['One.', 2], start: 0, lang: 'en' })).toBe(false);
    expect(isPageToBackground({ type: 'prepared', sentences: [], start: -1, lang: 'en' })).toBe(false);
    expect(isPageToBackground({ type: 'command', command: { action: 'jump', index: 'last' } })).toBe(false);
    expect(isPageToBackground({ type: 'command', command: { action: 'rate', rate: Number.NaN } })).toBe(false);
    expect(isPageToBackground({ type: 'command', command: { action: 'delete' } })).toBe(false);
    expect(isPageToBackground({ type: 'command' })).toBe(false);
    expect(isPageToBackground(undefined)).toBe(false);
  });

  it("takes an audio player's report only with its id, and a failure only with a ChatError", () => {
    expect(isPlayerReport({ type: 'started', id: 1 })).toBe(true);
    expect(isPlayerReport({ type: 'mark', id: 1, mark: { time: 5, charIndex: 0, charLength: 3 } })).toBe(true);
    expect(isPlayerReport({ type: 'failed', id: 1, error: chatError('network', 'gone') })).toBe(true);
    expect(isPlayerReport({ type: 'ended' })).toBe(false);
    expect(isPlayerReport({ type: 'mark', id: 1, mark: { time: 5 } })).toBe(false);
    expect(isPlayerReport({ type: 'failed', id: 1, error: 'gone' })).toBe(false);
    expect(isPlayerReport({ type: 'paused', id: 1 })).toBe(false);
  });
});
