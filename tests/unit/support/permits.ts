import type { ToolPermit } from '../../../lib/core/tool-consent';

/** A permit that lets every call go, for tests of what a tool source does once a call is allowed. */
export const allowAll: ToolPermit = async () => true;
