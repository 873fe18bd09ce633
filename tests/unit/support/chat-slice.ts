import { create } from 'zustand';
import type { ChatSlice } from '../../../components/state/chat/slice';

/** One slice of the chat store on its own, beside `needs`: fakes of what it reads and calls of the other slices. */
export function sliceAlone<Own extends object, Needs extends object>(slice: ChatSlice<Own, Needs>, needs: Needs) {
  return create<Own & Needs>()((...store) => ({ ...needs, ...slice(...store) }));
}
