/**
 * The speech settings and their validation, loaded when speech is first used
 * (dictation, reading an answer): the empty panel's first load does without them.
 */
export const speechPrefs = () => import('../../lib/speech/speech-prefs');
