/** Closer than this to its end, in pixels, the log counts as showing the latest message. */
const END_SLACK = 48;

/** Whether the scrolling conversation log is at its end: the reader sees the latest message. */
export function atLogEnd(log: HTMLElement): boolean {
  return log.scrollHeight - log.scrollTop - log.clientHeight <= END_SLACK;
}
