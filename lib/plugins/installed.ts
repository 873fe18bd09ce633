/** The vault owner of a plugin's settings, apart from every provider's keys. */
export function pluginSecretOwner(identifier: string): string {
  return `plugin:${identifier}`;
}
