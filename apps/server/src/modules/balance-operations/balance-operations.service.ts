import {
  BALANCE_OPERATION_MAX,
  type TBalanceOperation,
  type TBalanceOperationKind,
  type TBalanceOperationRequest,
  type TBalanceOperationStatus,
  type TUserBalanceOperation,
} from '@td/contracts/balance-operations';
import { formatScaled, parseScaled } from '@td/contracts/decimal';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../platform/db/client';
import { readNewestPage, readPage } from '../../platform/db/paging';
import { conflict, forbidden, notFound } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import type { AuditActor, AuditLog } from '../admin/audit';
import { users } from '../auth/auth.schema';
import { addBonus, bonusOf } from '../ledger/bonus';
import {
  type AccountRef,
  balancesOf,
  cash,
  house,
  InsufficientFundsError,
  post,
  type TBook,
  type Tx,
} from '../ledger/ledger';
import type { Notify } from '../notifications/notifications.service';
import type { SettingsService } from '../settings/settings.service';
import { type BalanceOperationRow, balanceOperations } from './balance-operations.schema';

/** The house account each kind moves money against: a refunded fee goes back out of the fees earned. */
const HOUSE_OF: Record<TBalanceOperationKind, AccountRef> = {
  credit: house('adjustments'),
  correction: house('adjustments'),
  bonus: house('bonuses'),
  fee_refund: house('fees'),
};

/** The words of the user's notification: what happened, and on which account. */
const BALANCE_KIND_TEXT: Record<TBalanceOperationKind, string> = {
  credit: 'A credit',
  bonus: 'A bonus',
  correction: 'A correction',
  fee_refund: 'A refunded fee',
};
const BALANCE_ACCOUNT_TEXT: Record<TBook, string> = { real: 'Real', demo: 'Demo' };

const alreadyDecided = (status: string) =>
  conflict(
    status === 'applied' ? 'This operation was already applied' : 'This operation was already rejected',
  );

/**
 * An operation to approve or reject, its row locked for the transaction: not found, or asked for
 * by the same member of staff (four eyes), is refused here.
 */
async function lockForDecision(tx: Tx, actor: AuditActor, id: string, decision: 'approve' | 'reject') {
  const [row] = await tx.select().from(balanceOperations).where(eq(balanceOperations.id, id)).for('update');
  if (!row) throw notFound('Balance operation not found');
  if (row.requestedBy === actor.id)
    throw forbidden(
      decision === 'approve'
        ? 'Another member of staff must approve an operation you requested'
        : 'Another member of staff must reject an operation you requested',
    );
  return row;
}

const usd = (cents: bigint) => formatScaled(cents, 2);

/** What the audit log keeps of an operation. */
const auditOf = (row: BalanceOperationRow) => ({
  userId: row.userId,
  account: row.book,
  kind: row.kind,
  amount: usd(row.amountCents),
  reason: row.reason,
  status: row.status,
  requestedBy: row.requestedBy,
  decidedBy: row.decidedBy,
  rejectReason: row.rejectReason,
});

const requester = alias(users, 'requester');
const decider = alias(users, 'decider');

/**
 * Balance operations: staff put money into a user's account (a credit, a bonus, a refunded fee) or
 * correct it either way, each a ledger transaction against a house account, audited, shown in the
 * user's History and told to them. Above `admin.approvalThreshold` an operation waits as `pending`
 * until a second member of staff approves it (never the one who asked); approving is one locked,
 * conditional change, so racing approvals move the money once.
 */
export function createBalanceOperations(deps: {
  db: Database;
  audit: AuditLog;
  settings: Pick<SettingsService, 'get'>;
  notify: Notify;
  logger: Logger;
}) {
  const { db } = deps;

  const select = () =>
    db
      .select({
        row: balanceOperations,
        userEmail: users.email,
        requesterEmail: requester.email,
        deciderEmail: decider.email,
      })
      .from(balanceOperations)
      .innerJoin(users, eq(users.id, balanceOperations.userId))
      .innerJoin(requester, eq(requester.id, balanceOperations.requestedBy))
      .leftJoin(decider, eq(decider.id, balanceOperations.decidedBy));

  type Joined = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
  const toDto = ({ row, userEmail, requesterEmail, deciderEmail }: Joined): TBalanceOperation => ({
    id: row.id,
    userId: row.userId,
    userEmail,
    account: row.book as TBook,
    kind: row.kind as TBalanceOperationKind,
    amount: usd(row.amountCents),
    reason: row.reason,
    status: row.status as TBalanceOperationStatus,
    requestedBy: { id: row.requestedBy, email: requesterEmail },
    decidedBy: row.decidedBy && deciderEmail ? { id: row.decidedBy, email: deciderEmail } : null,
    rejectReason: row.rejectReason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    appliedAt: row.appliedAt?.toISOString() ?? null,
  });

  const one = async (id: string) => {
    const [found] = await select().where(eq(balanceOperations.id, id));
    if (!found) throw notFound('Balance operation not found');
    return toDto(found);
  };

  /**
   * The money of an applied operation, in the caller's transaction: the user's cash against the
   * house, at most once (the ledger's unique index on the operation), and a bonus added to the
   * outstanding bonus under the same row lock. A negative correction that would take the cash below
   * zero is refused by the ledger's own check (one conditional statement on the locked row).
   */
  const moveMoney = async (tx: Tx, row: BalanceOperationRow) => {
    const book = row.book as TBook;
    const kind = row.kind as TBalanceOperationKind;
    await post(tx, {
      kind,
      refType: 'balance_operation',
      refId: row.id,
      insufficientMessage: 'This correction would take the cash below zero',
      postings: [
        { account: cash(row.userId, book), amountCents: row.amountCents },
        { account: HOUSE_OF[kind], amountCents: -row.amountCents },
      ],
    });
    if (kind === 'bonus') await addBonus(tx, row.userId, book, row.amountCents);
  };

  /** A refused negative correction says how much cash there is (read after the refusal). */
  const belowZero = async (row: Pick<BalanceOperationRow, 'userId' | 'book'>) => {
    const { cash: free } = await balancesOf(db, row.userId, row.book as TBook);
    return conflict(`This correction would take the cash below zero: ${usd(free)} USD available`);
  };

  const tell = async (row: BalanceOperationRow) => {
    const amount = usd(row.amountCents);
    const kind = row.kind as TBalanceOperationKind;
    await deps.notify(row.userId, 'balance_operation', {
      message: `${BALANCE_KIND_TEXT[kind]} of ${amount} USD on your ${BALANCE_ACCOUNT_TEXT[row.book as TBook]} account`,
      operationId: row.id,
      account: row.book,
      kind,
      amount,
    });
  };

  return {
    /**
     * A new operation on a user's account: applied at once up to the approval threshold, else
     * `pending`. Staff never operate on their own account.
     */
    async create(
      actor: AuditActor,
      userId: string,
      input: TBalanceOperationRequest,
    ): Promise<TBalanceOperation> {
      if (actor.id === userId) throw forbidden('You cannot operate on your own account');
      const [target] = await db
        .select({ id: users.id, deletedAt: users.deletedAt })
        .from(users)
        .where(eq(users.id, userId));
      if (!target || target.deletedAt) throw notFound('User not found');
      const cents = parseScaled(input.amount, 2);
      const { approvalThreshold } = await deps.settings.get('admin');
      const isPending = (cents < 0n ? -cents : cents) > parseScaled(approvalThreshold, 2);
      let row: BalanceOperationRow;
      try {
        row = await db.transaction(async (tx) => {
          const now = new Date();
          const [inserted] = await tx
            .insert(balanceOperations)
            .values({
              userId,
              book: input.account,
              kind: input.kind,
              amountCents: cents,
              reason: input.reason,
              status: isPending ? 'pending' : 'applied',
              requestedBy: actor.id,
              appliedAt: isPending ? null : now,
            })
            .returning();
          if (!inserted) throw new Error('balance operation not inserted');
          if (!isPending) await moveMoney(tx, inserted);
          await deps.audit.record(
            actor,
            {
              action: isPending ? 'balance.request' : 'balance.apply',
              targetType: 'balance_operation',
              targetId: inserted.id,
              before: null,
              after: auditOf(inserted),
            },
            tx,
          );
          return inserted;
        });
      } catch (error) {
        if (error instanceof InsufficientFundsError) throw await belowZero({ userId, book: input.account });
        throw error;
      }
      if (row.status === 'applied') await tell(row);
      deps.logger.info(
        { operation: row.id, userId, kind: row.kind, status: row.status },
        'balance operation requested',
      );
      return one(row.id);
    },

    /**
     * A pending operation approved by a second member of staff: the row locked, moved to `applied`
     * only from `pending`, and its money moved in the same transaction. Whoever comes second finds
     * it decided (409); the one who asked is refused (403).
     */
    async approve(actor: AuditActor, id: string): Promise<TBalanceOperation> {
      let applied: BalanceOperationRow;
      try {
        applied = await db.transaction(async (tx) => {
          const row = await lockForDecision(tx, actor, id, 'approve');
          if (row.userId === actor.id) throw forbidden('You cannot approve an operation on your own account');
          if (row.status !== 'pending') throw alreadyDecided(row.status);
          const now = new Date();
          const [updated] = await tx
            .update(balanceOperations)
            .set({ status: 'applied', decidedBy: actor.id, decidedAt: now, appliedAt: now })
            .where(and(eq(balanceOperations.id, id), eq(balanceOperations.status, 'pending')))
            .returning();
          if (!updated) throw conflict('This operation is already decided');
          await moveMoney(tx, updated);
          await deps.audit.record(
            actor,
            {
              action: 'balance.approve',
              targetType: 'balance_operation',
              targetId: id,
              before: auditOf(row),
              after: auditOf(updated),
            },
            tx,
          );
          return updated;
        });
      } catch (error) {
        if (error instanceof InsufficientFundsError) {
          const [row] = await db.select().from(balanceOperations).where(eq(balanceOperations.id, id));
          if (row) throw await belowZero(row);
        }
        throw error;
      }
      await tell(applied);
      return one(id);
    },

    /** A pending operation turned down by a second member of staff, with the reason; no money moves. */
    async reject(actor: AuditActor, id: string, reason: string): Promise<TBalanceOperation> {
      await db.transaction(async (tx) => {
        const row = await lockForDecision(tx, actor, id, 'reject');
        if (row.status !== 'pending') throw alreadyDecided(row.status);
        const [updated] = await tx
          .update(balanceOperations)
          .set({ status: 'rejected', decidedBy: actor.id, decidedAt: new Date(), rejectReason: reason })
          .where(and(eq(balanceOperations.id, id), eq(balanceOperations.status, 'pending')))
          .returning();
        if (!updated) throw conflict('This operation is already decided');
        await deps.audit.record(
          actor,
          {
            action: 'balance.reject',
            targetType: 'balance_operation',
            targetId: id,
            before: auditOf(row),
            after: auditOf(updated),
          },
          tx,
        );
      });
      return one(id);
    },

    /** The approval threshold and the largest amount, for the back-office's form. */
    async rules() {
      const { approvalThreshold } = await deps.settings.get('admin');
      return { approvalThreshold, max: BALANCE_OPERATION_MAX };
    },

    /** The back-office's list, newest first, by status and user. */
    async list(query: {
      status?: TBalanceOperationStatus | undefined;
      userId?: string | undefined;
      page: number;
      limit: number;
    }) {
      const conditions: SQL[] = [];
      if (query.status) conditions.push(eq(balanceOperations.status, query.status));
      if (query.userId) conditions.push(eq(balanceOperations.userId, query.userId));
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const { items: rows, total } = await readPage(
        select()
          .where(where)
          .orderBy(desc(balanceOperations.createdAt), desc(balanceOperations.id))
          .$dynamic(),
        db.select({ n: count() }).from(balanceOperations).where(where),
        query.page,
        query.limit,
      );
      return { items: rows.map(toDto), page: query.page, limit: query.limit, total };
    },

    /** A user's own applied operations (History), newest first. */
    async ofUser(userId: string, query: { account?: TBook | undefined; page: number; limit: number }) {
      const where = and(
        eq(balanceOperations.userId, userId),
        eq(balanceOperations.status, 'applied'),
        query.account ? eq(balanceOperations.book, query.account) : undefined,
      );
      const { items: rows, total } = await readNewestPage(
        db,
        balanceOperations,
        where,
        query.page,
        query.limit,
        balanceOperations.appliedAt,
      );
      const items: TUserBalanceOperation[] = rows.map((row) => ({
        id: row.id,
        account: row.book as TBook,
        kind: row.kind as TBalanceOperationKind,
        amount: usd(row.amountCents),
        reason: row.reason,
        appliedAt: (row.appliedAt ?? row.createdAt).toISOString(),
      }));
      return { items, page: query.page, limit: query.limit, total };
    },

    /**
     * What of a book's cash may be withdrawn: the cash less the outstanding bonus (itself never
     * more than the book holds, cash and margin: losses are taken from the bonus first).
     */
    async withdrawable(userId: string, book: TBook) {
      const [balances, bonus] = await Promise.all([balancesOf(db, userId, book), bonusOf(db, userId, book)]);
      const holdings = balances.cash + balances.margin;
      const outstanding = bonus < holdings ? bonus : holdings > 0n ? holdings : 0n;
      const free = balances.cash - outstanding;
      return {
        account: book,
        cash: usd(balances.cash),
        bonus: usd(outstanding),
        withdrawable: usd(free > 0n ? free : 0n),
      };
    },
  };
}
export type BalanceOperations = ReturnType<typeof createBalanceOperations>;
