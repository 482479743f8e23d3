// Fails the build when a language lacks a key English has (or has one English lacks), or when a
// translation's {placeholders} or <tags> differ from English's: every screen then reads whole in
// every language.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverMessages } from './server-messages.mjs';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'i18n');
const load = (file) => JSON.parse(readFileSync(join(dir, file), 'utf8'));
const marks = (text) =>
  [...text.matchAll(/\{\w+\}|<\/?\w+>/g)]
    .map((match) => match[0])
    .sort()
    .join(' ');

const PLURAL = /\.(zero|one|two|few|many|other)$/;
/** The forms a count's text needs in `language`: those whole counts pick, and `other`. */
function pluralForms(language) {
  const rules = new Intl.PluralRules(language);
  return new Set(['other', ...Array.from({ length: 201 }, (_, count) => rules.select(count))]);
}

/**
 * Same keys, non-empty texts, same placeholders and tags as English; `label` names the file. A
 * count's text (`key.one`, `key.other`, ...) has the forms its language's plural rules ask for.
 */
function compare(problems, label, english, dictionary, language) {
  const forms = pluralForms(language);
  const expected = {};
  for (const [key, text] of Object.entries(english)) {
    if (!PLURAL.test(key)) expected[key] = text;
    else if (key.endsWith('.other'))
      for (const form of forms) expected[key.replace(PLURAL, `.${form}`)] = text;
  }
  for (const key of Object.keys(expected)) {
    const text = dictionary?.[key];
    if (typeof text !== 'string' || text.trim() === '') problems.push(`${label}: missing key "${key}"`);
    else if (marks(text) !== marks(expected[key]))
      problems.push(`${label}: "${key}" has other placeholders or tags`);
  }
  for (const key of Object.keys(dictionary ?? {})) {
    if (!(key in expected)) problems.push(`${label}: key "${key}" is not in English`);
  }
}

/**
 * The signed-in screens' words: one folder per area with `en.json` and one file per other
 * language. A key lives in one place only (the areas merge into one table).
 */
function checkAreas(problems, languages) {
  const seen = new Map(Object.keys(load('en.json').ui).map((key) => [key, 'en.json']));
  const areas = readdirSync(dir).filter((name) => statSync(join(dir, name)).isDirectory());
  for (const area of areas) {
    const english = load(join(area, 'en.json'));
    for (const key of Object.keys(english)) {
      if (seen.has(key)) problems.push(`${area}/en.json: key "${key}" is also in ${seen.get(key)}`);
      seen.set(key, `${area}/en.json`);
    }
    for (const language of languages) {
      let dictionary;
      try {
        dictionary = load(join(area, `${language}.json`));
      } catch {
        problems.push(`${area}/${language}.json: missing`);
        continue;
      }
      compare(problems, `${area}/${language}.json`, english, dictionary, language);
    }
  }
}

export function checkDictionaries() {
  const problems = [];
  const english = load('en.json');
  const others = readdirSync(dir).filter((file) => file.endsWith('.json') && file !== 'en.json');
  // Every message the server (or a contract, or a failed call) can show, and any a dictionary has.
  const serverKeys = new Set([
    ...serverMessages(),
    ...others.flatMap((file) => Object.keys(load(file).server ?? {})),
  ]);
  for (const file of others) {
    const dictionary = load(file);
    compare(problems, file, english.ui, dictionary.ui, file.replace(/\.json$/, ''));
    for (const key of serverKeys) {
      const text = dictionary.server?.[key];
      if (typeof text !== 'string') problems.push(`${file}: missing server message "${key}"`);
      else if (marks(text) !== marks(key)) problems.push(`${file}: server message "${key}" has other parts`);
    }
  }
  checkAreas(
    problems,
    others.map((file) => file.replace(/\.json$/, '')),
  );
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
