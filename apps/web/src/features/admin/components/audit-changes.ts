// Turns an audit entry's before and after into lines a person reads: one per changed value by its
// dotted path ("status: Active → Suspended"), with status codes and roles said in words.
import {
  ORDER_STATUS,
  PAIR_STATUS,
  PAYMENT_STATUS,
  ROLES,
  TICKET_STATUS,
  USER_STATUS,
} from '@td/contracts/statuses';
import { t } from '../../../lib/i18n';
import {
  orderStatusText,
  pairStatusText,
  paymentStatusText,
  ticketStatusText,
  userStatusText,
} from '../../../lib/labels';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const show = (value: unknown): string =>
  value === null || value === undefined
    ? '—'
    : Array.isArray(value)
      ? value.map(show).join(', ') || '—'
      : isRecord(value)
        ? Object.entries(value)
            .map(([key, inner]) => `${key} ${show(inner)}`)
            .join(', ')
        : String(value);

/** The words of a kind of record's status codes; none for a code it does not have. */
const wordsOf =
  <TCode extends string>(codes: Readonly<Record<TCode, string>>, text: (code: TCode) => string) =>
  (code: string): string | undefined =>
    Object.hasOwn(codes, code) ? text(code as TCode) : undefined;

/** Each kind of record's status words, by the first part of the action ("order.update" → orders'). */
const STATUS_WORDS: Record<string, (code: string) => string | undefined> = {
  user: wordsOf(USER_STATUS, userStatusText),
  order: wordsOf(ORDER_STATUS, orderStatusText),
  pair: wordsOf(PAIR_STATUS, pairStatusText),
  ticket: wordsOf(TICKET_STATUS, ticketStatusText),
  withdrawal: wordsOf(PAYMENT_STATUS, paymentStatusText),
};

/** A staff role in words ("dealer" → "Dealer"); none for anything else. */
const roleWords = (code: string) =>
  (ROLES as readonly string[]).includes(code)
    ? t(`admin.roles.${code as (typeof ROLES)[number]}`)
    : undefined;

/**
 * What changed: each leaf whose value differs, by its dotted path ("status: Active → Suspended",
 * "networks.ethereum.confirmations: 12 → 6"), a status code and a role said in words; the whole value when
 * either side is not an object.
 */
export function changesOf(action: string, before: unknown, after: unknown): string[] {
  if (!isRecord(before) || !isRecord(after)) return [`${show(before)} → ${show(after)}`];
  const words = STATUS_WORDS[action.split('.')[0] ?? ''];
  const said = (key: string, value: unknown) =>
    (typeof value !== 'string'
      ? undefined
      : key === 'status'
        ? words?.(value)
        : key === 'role'
          ? roleWords(value)
          : undefined) ?? show(value);
  const lines: string[] = [];
  const walk = (path: string, from: Record<string, unknown>, to: Record<string, unknown>) => {
    for (const key of new Set([...Object.keys(from), ...Object.keys(to)])) {
      const [was, is] = [from[key], to[key]];
      const at = path ? `${path}.${key}` : key;
      // A group added or removed is walked against nothing, so each of its settings gets a line.
      const [wasGroup, isGroup] = [was ?? (isRecord(is) ? {} : was), is ?? (isRecord(was) ? {} : is)];
      if (isRecord(wasGroup) && isRecord(isGroup)) walk(at, wasGroup, isGroup);
      else if (show(was) !== show(is)) lines.push(`${at}: ${said(key, was)} → ${said(key, is)}`);
    }
  };
  walk('', before, after);
  return lines;
}
