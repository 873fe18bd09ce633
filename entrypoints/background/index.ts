import { defineBackground } from 'wxt/utils/define-background';
import { startBackground } from '../../lib/background/start';

export default defineBackground({ type: 'module', main: startBackground });
