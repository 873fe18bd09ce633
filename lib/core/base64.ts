/**
 * Bytes as base64 and back: how audio crosses runtime messaging (Chrome
 * serialises extension messages as JSON, which would turn an ArrayBuffer
 * into `{}`), and how images go to a model and into an export file.
 */

/** Below the argument count String.fromCharCode.apply tolerates everywhere. */
const SLICE = 0x8000;

export function bytesToBase64(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = '';
  for (let i = 0; i < view.length; i += SLICE) binary += String.fromCharCode(...view.subarray(i, i + SLICE));
  return btoa(binary);
}

export function base64ToBytes(base64: string): ArrayBuffer {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
}
