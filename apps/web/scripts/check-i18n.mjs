// Fails the build when a language lacks a key English has (or has one English lacks), or when a
// translation's {placeholders} or <tags> differ from English's: every screen then reads whole in
// every language.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'i18n');
const load = (file) => JSON.parse(readFileSync(join(dir, file), 'utf8'));
const marks = (text) =>
  [...text.matchAll(/\{\w+\}|<\/?\w+>/g)]
    .map((match) => match[0])
    .sort()
    .join(' ');

export function checkDictionaries() {
  const problems = [];
  const english = load('en.json');
  const others = readdirSync(dir).filter((file) => file.endsWith('.json') && file !== 'en.json');
  const serverKeys = new Set(others.flatMap((file) => Object.keys(load(file).server ?? {})));
  for (const file of others) {
    const dictionary = load(file);
    for (const key of Object.keys(english.ui)) {
      const text = dictionary.ui?.[key];
      if (typeof text !== 'string' || text.trim() === '') problems.push(`${file}: missing ui key "${key}"`);
      else if (marks(text) !== marks(english.ui[key]))
        problems.push(`${file}: "${key}" has other placeholders or tags`);
    }
    for (const key of Object.keys(dictionary.ui ?? {})) {
      if (!(key in english.ui)) problems.push(`${file}: ui key "${key}" is not in en.json`);
    }
    for (const key of serverKeys) {
      if (typeof dictionary.server?.[key] !== 'string')
        problems.push(`${file}: missing server message "${key}"`);
    }
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = checkDictionaries();
  if (problems.length > 0) {
    console.error(`Translations incomplete:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log('Translations: every language has every key');
}
