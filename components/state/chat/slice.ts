import type { StateCreator } from 'zustand';

/**
 * One concern of the chat store: its own state and actions (`Own`), written against only what it reads or calls of
 * the others (`Needs`), so a test can build it alone beside fakes of those. Whatever a slice must remember beyond
 * its state (a timer, a port, what it was shown) lives in the closure made when the store is created, never in
 * the module, so each store made starts clean.
 */
export type ChatSlice<Own, Needs = object> = StateCreator<Own & Needs, [], [], Own>;
