// The web app's unit tests read the signed-in screens' English words, as the app shows them once a
// signed-in screen has loaded.
import { loadAppText } from '../lib/i18n';

await loadAppText();
