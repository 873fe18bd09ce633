import { create } from 'zustand';
import { createDeltaSlice, type DeltaSlice } from './delta-slice';
import { createPagingSlice, type PagingSlice } from './paging-slice';
import { createPersistenceSlice, type PersistenceSlice } from './persistence-slice';
import { createRefusalSlice, type RefusalSlice } from './refusal-slice';
import { createSendSlice, type SendSlice } from './send-slice';
import { createTransportSlice, type ConnectChat, type TransportSlice } from './transport-slice';

/** The chat store: its slices side by side, each reading and calling the others through it. */
export type ChatStore = PagingSlice & SendSlice & PersistenceSlice & RefusalSlice & DeltaSlice & TransportSlice;

export interface ChatStoreDeps {
  connect: ConnectChat;
}

/** A chat store of its own: nothing it holds (port, held deltas, unanswered sends) is shared with another made here. */
export function createChatStore({ connect }: ChatStoreDeps) {
  return create<ChatStore>()((...store) => ({
    ...createPagingSlice(...store),
    ...createSendSlice(...store),
    ...createPersistenceSlice(...store),
    ...createRefusalSlice(...store),
    ...createDeltaSlice(...store),
    ...createTransportSlice(connect)(...store),
  }));
}
