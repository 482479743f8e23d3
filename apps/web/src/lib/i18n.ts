import { createElement, Fragment, type ReactNode, useSyncExternalStore } from 'react';
import type { TAppKey } from '../i18n/app-en';
import en from '../i18n/en.json';
import { readServerDevice } from './device-names';
import { formatFiguresIn, setFormatLocale } from './format';

/**
 * The web app's languages. English is built in; the others load as their own chunk when chosen.
 * Until the user picks one (the switch keeps it in this browser), the browser's preference decides.
 * Server messages are translated from their text, which is the API's contract (stable, word for
 * word): a message without a translation shows as the server wrote it.
 */
export const LANGUAGES = ['en', 'es', 'ru'] as const;
export type TLanguage = (typeof LANGUAGES)[number];
export const LANGUAGE_NAMES: Record<TLanguage, string> = { en: 'English', es: 'Español', ru: 'Русский' };

/** A key of the sign-in screens and the frame (built in) or of the signed-in screens (`loadAppText`). */
export type TMessageKey = keyof typeof en.ui | TAppKey;
interface TDictionary {
  ui: Record<string, string>;
  server: Record<string, string>;
}
type TTexts = Record<string, string>;
/** A text with forms by count: its keys are `<key>.one`, `<key>.other`, ... */
export type TCountKey = TMessageKey extends infer K ? (K extends `${infer B}.other` ? B : never) : never;

const LANGUAGE_KEY = 'language';
const LOADERS: Record<TLanguage, () => Promise<TDictionary>> = {
  en: async () => en,
  es: async () => (await import('../i18n/es.json')).default,
  ru: async () => (await import('../i18n/ru.json')).default,
};

/**
 * The signed-in screens' words, one chunk per language, loaded with the first signed-in screen (the
 * sign-in screens never carry them).
 */
const APP_LOADERS: Record<TLanguage, () => Promise<TTexts>> = {
  en: async () => (await import('../i18n/app-en')).default,
  es: async () => (await import('../i18n/app-es')).default,
  ru: async () => (await import('../i18n/app-ru')).default,
};

let active: { language: TLanguage; dictionary: TDictionary; app: TTexts | null } = {
  language: 'en',
  dictionary: en,
  app: null,
};
let isAppTextWanted = false;
const listeners = new Set<() => void>();

const isLanguage = (value: unknown): value is TLanguage => (LANGUAGES as readonly unknown[]).includes(value);

/** The user's pick in this browser, else the first of the browser's languages the app speaks. */
export function detectLanguage(): TLanguage {
  try {
    const stored = localStorage.getItem(LANGUAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // Storage may be off: the browser's preference then.
  }
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

/** Whether the user picked a language in this browser (the switch), rather than it being detected. */
export function hasLanguagePick(): boolean {
  try {
    return isLanguage(localStorage.getItem(LANGUAGE_KEY));
  } catch {
    return false;
  }
}

/** Loads a language and shows it everywhere (text, numbers, dates, `<html lang>`). */
export async function applyLanguage(language: TLanguage, options: { isPick?: boolean } = {}): Promise<void> {
  const [dictionary, app] = await Promise.all([
    LOADERS[language](),
    isAppTextWanted ? APP_LOADERS[language]() : null,
  ]);
  active = { language, dictionary, app };
  document.documentElement.lang = language;
  setFormatLocale(language);
  if (options.isPick) {
    try {
      localStorage.setItem(LANGUAGE_KEY, language);
    } catch {
      // Not kept across visits without storage.
    }
  }
  for (const listener of listeners) listener();
}

/** Loads the signed-in screens' words in the active language (and in any language picked later). */
export async function loadAppText(): Promise<void> {
  isAppTextWanted = true;
  if (active.app) return;
  const { language } = active;
  const app = await APP_LOADERS[language]();
  if (active.language === language) active = { ...active, app };
}

export const currentLanguage = (): TLanguage => active.language;

const fill = (template: string, params: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));

/** The text of `key` in the active language, `{name}` placeholders filled from `params`. */
export function t(key: TMessageKey, params: Record<string, string | number> = {}): string {
  return fill(active.dictionary.ui[key] ?? active.app?.[key] ?? key, params);
}

const pluralRules = new Map<TLanguage, Intl.PluralRules>();
/**
 * A text that depends on a count: `key` names forms `key.one`, `key.few`, `key.many`, `key.other`
 * (whichever the language has, by `Intl.PluralRules`); `{count}` is the formatted count.
 */
export function tCount(key: TCountKey, count: number, params: Record<string, string | number> = {}): string {
  const { language } = active;
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  const text = (name: string) => active.dictionary.ui[name] ?? active.app?.[name];
  const template = text(`${key}.${rules.select(count)}`) ?? text(`${key}.other`) ?? key;
  return fill(template, { count: count.toLocaleString(language), ...params });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PART = /\{(\w+)\}/g;
interface TMessagePattern {
  pattern: RegExp;
  /** The part names in the order the pattern captures them. */
  names: string[];
  translation: string;
}
/** The server messages with parts (`Minimum is {1} USD`, `{pair} crossed above {target}`), as patterns. */
const patternsOf = new WeakMap<TDictionary, TMessagePattern[]>();
function messagePatterns(dictionary: TDictionary): TMessagePattern[] {
  let patterns = patternsOf.get(dictionary);
  if (!patterns) {
    patterns = Object.entries(dictionary.server)
      .filter(([message]) => /\{\w+\}/.test(message))
      .map(([message, translation]) => ({
        pattern: new RegExp(`^${escapeRegExp(message).replace(/\\\{\w+\\\}/g, '(.*?)')}$`, 's'),
        names: [...message.matchAll(PART)].map((match) => match[1] ?? ''),
        translation,
      }))
      // The most specific first: more words outside the parts.
      .sort((a, b) => b.pattern.source.length - a.pattern.source.length);
    patternsOf.set(dictionary, patterns);
  }
  return patterns;
}

/** A device as the server names it ("Chrome on macOS"), in the active language; else undefined. */
export function serverDeviceText(part: string): string | undefined {
  const named = readServerDevice(part);
  if (!named) return undefined;
  return named.kind === 'unknown'
    ? t('device.unknown')
    : t('device.on', { browser: named.browser, system: named.system });
}

/**
 * A server's message (or a contract's validation message) in the active language, when known. A
 * message with parts matches its pattern (`Order rejected: {1}`); a part that is itself a known
 * message (the reason) or a device the server named ('Chrome on macOS') is translated too, any
 * other (a name) stays as sent, but for its figures: those are written as the language writes
 * numbers ('42842.00' → '42.842,00'), in English too.
 */
export function translateServerMessage(message: string): string {
  const { dictionary } = active;
  const exact = dictionary.server[message];
  if (exact !== undefined) return exact;
  for (const { pattern, names, translation } of messagePatterns(dictionary)) {
    const match = pattern.exec(message);
    if (!match) continue;
    const parts = new Map(names.map((name, index) => [name, match[index + 1] ?? '']));
    return translation.replace(PART, (whole, name: string) => {
      const part = parts.get(name);
      return part === undefined
        ? whole
        : (dictionary.server[part] ?? serverDeviceText(part) ?? formatFiguresIn(part));
    });
  }
  return formatFiguresIn(message);
}

/**
 * Text with markup: `<strong>x</strong>` is bold, any other `<name>x</name>` is drawn by
 * `parts[name]` (a link); placeholders are filled first.
 */
export function tRich(
  key: TMessageKey,
  params: Record<string, string | number> = {},
  parts: Record<string, (text: string) => ReactNode> = {},
): ReactNode {
  const text = t(key, params);
  const nodes: ReactNode[] = [];
  const pattern = /<(\w+)>(.*?)<\/\1>/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const [whole, name = '', inner = ''] = match;
    nodes.push(text.slice(last, match.index));
    const draw = parts[name];
    nodes.push(draw ? draw(inner) : name === 'strong' ? createElement('strong', null, inner) : inner);
    last = (match.index ?? 0) + whole.length;
  }
  nodes.push(text.slice(last));
  return createElement(
    Fragment,
    null,
    ...nodes.map((node, index) => createElement(Fragment, { key: index }, node)),
  );
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The active language; a component that reads it draws again when it changes. */
export function useLanguage(): TLanguage {
  return useSyncExternalStore(subscribe, currentLanguage, () => 'en');
}

/** `t`, for a component that must draw again when the language changes. */
export function useT(): typeof t {
  useLanguage();
  return t;
}
