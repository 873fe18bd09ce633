/** The engines whose audio comes from a network service. */
export type CloudEngineId = 'openai' | 'azure' | 'edge';

/** Which speech secrets are saved; their values never leave the background. */
export interface SpeechKeys {
  openai: boolean;
  azure: boolean;
}
