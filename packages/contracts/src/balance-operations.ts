import { z } from 'zod/mini';
import { parseScaled } from './decimal';
import { decimalAtMostSource } from './decimal-pattern';
import { ZAccount, ZOneOf } from './enums';
import { ZMoney, ZPageQuery } from './envelope';
import { ZSafeText } from './text';

/**
 * Money a member of staff puts into (or, for a correction, takes out of) a user's account: each a
 * ledger transaction between the user's cash and a house account. `bonus` counts as equity for
 * margin but is not withdrawable; only `correction` may be negative.
 */
export const BALANCE_OPERATION_KINDS = ['credit', 'bonus', 'correction', 'fee_refund'] as const;
export const ZBalanceOperationKind = ZOneOf(BALANCE_OPERATION_KINDS);
export type TBalanceOperationKind = z.infer<typeof ZBalanceOperationKind>;

/** `pending` waits for a second member of staff; `applied` moved the money; `rejected` never will. */
export const BALANCE_OPERATION_STATUSES = ['pending', 'applied', 'rejected'] as const;
export const ZBalanceOperationStatus = ZOneOf(BALANCE_OPERATION_STATUSES);
export type TBalanceOperationStatus = z.infer<typeof ZBalanceOperationStatus>;

/** The largest operation, in USD, either way (a typo of a few zeros is refused, not booked). */
export const BALANCE_OPERATION_MAX = '10000000';
const MAX_CENTS = parseScaled(BALANCE_OPERATION_MAX, 2);
/** A reason is one line a colleague and an auditor can read. */
export const BALANCE_REASON_MAX = 300;

const SIGNED_AMOUNT = /^-?\d{1,12}(\.\d{1,2})?$/;

/**
 * Whether `amount` suits `kind`: a decimal with at most 2 decimals, never 0, at most
 * {@link BALANCE_OPERATION_MAX} either way, and negative only for a correction. Answers the
 * message to show, or undefined when it is fine.
 */
export function balanceAmountProblem(kind: TBalanceOperationKind, amount: string): string | undefined {
  if (!SIGNED_AMOUNT.test(amount)) return 'Amount must be a number with at most 2 decimals';
  const cents = parseScaled(amount, 2);
  if (cents === 0n) return 'Amount must not be 0';
  if (cents < 0n && kind !== 'correction') return 'Only a correction may be negative';
  if ((cents < 0n ? -cents : cents) > MAX_CENTS) return `Amount must be at most ${BALANCE_OPERATION_MAX} USD`;
  return undefined;
}

export const ZBalanceOperationRequest = z
  .object({
    account: ZAccount,
    kind: ZBalanceOperationKind,
    amount: z.string({ error: 'Amount must be a number written as a string' }).check(
      z.trim(),
      z.maxLength(20, { message: 'Amount is too long', abort: true }),
      // The document's words for `balanceAmountProblem`: not 0, at most the greatest either way.
      z.meta({
        pattern: `^\\s*(?!-?0+(?:\\.0+)?\\s*$)-?${decimalAtMostSource(BALANCE_OPERATION_MAX, 2)}\\s*$`,
      }),
    ),
    reason: ZSafeText('Reason', {
      min: 3,
      max: BALANCE_REASON_MAX,
      minMessage: 'Write the reason (3 characters at least)',
    }),
  })
  .check(
    z.superRefine((body, context) => {
      const problem = balanceAmountProblem(body.kind, body.amount);
      if (problem) context.addIssue({ code: 'custom', path: ['amount'], message: problem });
    }),
    // In the document's words: negative for a correction alone.
    z.meta({
      anyOf: [
        { properties: { kind: { const: 'correction' } } },
        { properties: { amount: { not: { pattern: '^\\s*-' } } } },
      ],
    }),
  );
export type TBalanceOperationRequest = z.infer<typeof ZBalanceOperationRequest>;

export const ZBalanceOperationRejectRequest = z.object({
  reason: ZSafeText('Reason', {
    min: 3,
    max: BALANCE_REASON_MAX,
    minMessage: 'Write the reason (3 characters at least)',
  }),
});

const ZStaff = z.nullable(z.object({ id: z.string(), email: z.string() }));

/** One operation as the back-office reads it. */
export const ZBalanceOperation = z.object({
  id: z.string(),
  userId: z.string(),
  userEmail: z.string(),
  account: ZAccount,
  kind: ZBalanceOperationKind,
  /** USD, signed (a negative correction takes money out). */
  amount: ZMoney,
  reason: z.string(),
  status: ZBalanceOperationStatus,
  requestedBy: ZStaff,
  decidedBy: ZStaff,
  rejectReason: z.nullable(z.string()),
  createdAt: z.string(),
  decidedAt: z.nullable(z.string()),
  appliedAt: z.nullable(z.string()),
});
export type TBalanceOperation = z.infer<typeof ZBalanceOperation>;

export const ZBalanceOperationsQuery = z.object({
  status: z.optional(ZBalanceOperationStatus),
  userId: z.optional(z.uuid()),
  ...ZPageQuery.shape,
});

/** An applied operation as the user sees it in History (no staff names, the reason given). */
export const ZUserBalanceOperation = z.object({
  id: z.string(),
  account: ZAccount,
  kind: ZBalanceOperationKind,
  amount: ZMoney,
  reason: z.string(),
  appliedAt: z.string(),
});
export type TUserBalanceOperation = z.infer<typeof ZUserBalanceOperation>;
export const ZUserBalanceOperationsQuery = z.object({ account: z.optional(ZAccount), ...ZPageQuery.shape });

/**
 * What of a book's cash may be withdrawn (`GET /balance-operations/withdrawable`): the cash less the
 * outstanding bonus, which counts for margin but is not withdrawable.
 */
export const ZWithdrawable = z.object({
  account: ZAccount,
  cash: ZMoney,
  bonus: ZMoney,
  withdrawable: ZMoney,
});
export type TWithdrawable = z.infer<typeof ZWithdrawable>;

/** What the back-office's form needs to say before sending: above this an operation waits for approval. */
export const ZBalanceOperationRules = z.object({ approvalThreshold: ZMoney, max: ZMoney });
export type TBalanceOperationRules = z.infer<typeof ZBalanceOperationRules>;
