/** Requests for screenshots of the page: the visible tab, or an area the user drags out on it. */

export type CaptureResult =
  /** A PNG, base64. */
  | { kind: 'image'; data: string }
  /** The browser does not let extensions capture this page (its own pages, the web store). */
  | { kind: 'restricted' }
  /** The user pressed Escape on the overlay. */
  | { kind: 'cancelled' };

export interface CaptureRequests {
  /** The active tab of `windowId`: all that is visible, or (`area`) the rectangle the user drags on it. */
  'capture.tab': { req: { windowId: number; area: boolean }; res: CaptureResult };
  /** Escape pressed in the panel while the user drags out an area on the page: the overlay goes, as with Escape there. */
  'capture.cancel': { req: { windowId: number }; res: void };
  /** The area captured from the right-click menu for the panel of `windowId`, if one waits; taking it is exclusive. */
  'capture.take': { req: { windowId: number }; res: CaptureResult | null };
}

/** An area captured from the right-click menu waits for the panel of `windowId`. */
export type CaptureEvent = { type: 'capture.ready'; windowId: number };
