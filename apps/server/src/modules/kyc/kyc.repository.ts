// Storage of identity checks (KYC): each account's legal details, its document submissions with
// their sealed images, the review queue and decisions, and erasure of it all when an account is
// deleted. A decision is one conditional statement, so a submission is decided once.
import type { TDocumentKind, TKycSubmissionStatus } from '@td/contracts/kyc';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { readPage } from '../../platform/db/paging';
import { users } from '../auth/auth.schema';
import type { Executor, Tx } from '../ledger/ledger';
import {
  type KycProfileRow,
  type KycSubmissionRow,
  kycDocuments,
  kycProfiles,
  kycSubmissions,
} from './kyc.schema';

export type NewKycProfile = Omit<typeof kycProfiles.$inferInsert, 'updatedAt'>;

export function createKycRepository(db: Database) {
  return {
    async profile(userId: string, executor: Executor = db): Promise<KycProfileRow | undefined> {
      const [row] = await executor.select().from(kycProfiles).where(eq(kycProfiles.userId, userId));
      return row;
    },

    /** The details row as locked: what a withdrawal's limit is checked against, one at a time per account. */
    async lockProfile(tx: Tx, userId: string): Promise<KycProfileRow | undefined> {
      const [row] = await tx.select().from(kycProfiles).where(eq(kycProfiles.userId, userId)).for('update');
      return row;
    },

    async saveProfile(values: NewKycProfile): Promise<KycProfileRow> {
      const updatedAt = new Date();
      const [row] = await db
        .insert(kycProfiles)
        .values({ ...values, updatedAt })
        .onConflictDoUpdate({ target: kycProfiles.userId, set: { ...values, updatedAt } })
        .returning();
      if (!row) throw new Error('kyc profile upsert returned nothing');
      return row;
    },

    /** The account's newest submission: the one its status speaks of. */
    async latest(userId: string, executor: Executor = db): Promise<KycSubmissionRow | undefined> {
      const [row] = await executor
        .select()
        .from(kycSubmissions)
        .where(eq(kycSubmissions.userId, userId))
        .orderBy(desc(kycSubmissions.createdAt), desc(kycSubmissions.id))
        .limit(1);
      return row;
    },

    /** Whether the account has an approved submission. */
    async isApproved(userId: string, executor: Executor = db): Promise<boolean> {
      const [row] = await executor
        .select({ id: kycSubmissions.id })
        .from(kycSubmissions)
        .where(and(eq(kycSubmissions.userId, userId), eq(kycSubmissions.status, 'approved')))
        .limit(1);
      return row !== undefined;
    },

    /**
     * A new submission with its sealed images, replacing the account's rejected ones (their
     * documents are deleted with them). The partial unique index refuses a second open one.
     */
    async submit(
      tx: Tx,
      values: { userId: string; documentType: KycSubmissionRow['documentType'] },
      documents: (id: string) => { kind: TDocumentKind; sealed: Buffer }[],
    ): Promise<KycSubmissionRow> {
      await tx
        .delete(kycSubmissions)
        .where(and(eq(kycSubmissions.userId, values.userId), eq(kycSubmissions.status, 'rejected')));
      const [row] = await tx.insert(kycSubmissions).values(values).returning();
      if (!row) throw new Error('kyc submission insert returned nothing');
      await tx
        .insert(kycDocuments)
        .values(documents(row.id).map((doc) => ({ submissionId: row.id, ...doc })));
      return row;
    },

    async find(id: string): Promise<KycSubmissionRow | undefined> {
      const [row] = await db.select().from(kycSubmissions).where(eq(kycSubmissions.id, id));
      return row;
    },

    async documentKinds(id: string): Promise<TDocumentKind[]> {
      const rows = await db
        .select({ kind: kycDocuments.kind })
        .from(kycDocuments)
        .where(eq(kycDocuments.submissionId, id));
      return rows.map((row) => row.kind);
    },

    async document(id: string, kind: TDocumentKind): Promise<Buffer | undefined> {
      const [row] = await db
        .select({ sealed: kycDocuments.sealed })
        .from(kycDocuments)
        .where(and(eq(kycDocuments.submissionId, id), eq(kycDocuments.kind, kind)));
      return row?.sealed;
    },

    async list(filter: { status?: TKycSubmissionStatus | undefined }, page: number, limit: number) {
      const where = filter.status ? eq(kycSubmissions.status, filter.status) : undefined;
      const { items: rows, total } = await readPage(
        db
          .select({ submission: kycSubmissions, email: users.email })
          .from(kycSubmissions)
          .innerJoin(users, eq(users.id, kycSubmissions.userId))
          .where(where)
          // The oldest waiting first when reviewing; otherwise the newest decisions first.
          .orderBy(
            filter.status === 'pending' ? kycSubmissions.createdAt : desc(kycSubmissions.createdAt),
            kycSubmissions.id,
          )
          .$dynamic(),
        db.select({ n: count() }).from(kycSubmissions).where(where),
        page,
        limit,
      );
      return { rows, total };
    },

    async emailOf(userId: string): Promise<string | undefined> {
      const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return row?.email;
    },

    /** A pending submission decided, as one conditional statement: a second decision finds nothing. */
    async decide(
      id: string,
      decision: { status: 'approved' | 'rejected'; reason: string | null; reviewedBy: string },
    ): Promise<KycSubmissionRow | undefined> {
      const [row] = await db
        .update(kycSubmissions)
        .set({ ...decision, decidedAt: new Date() })
        .where(and(eq(kycSubmissions.id, id), eq(kycSubmissions.status, 'pending')))
        .returning();
      return row;
    },

    /** Everything the account told and showed us: details, submissions and their documents. */
    async erase(userId: string, executor: Executor = db): Promise<void> {
      await executor.delete(kycSubmissions).where(eq(kycSubmissions.userId, userId));
      await executor.delete(kycProfiles).where(eq(kycProfiles.userId, userId));
    },

    async hasOpen(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: kycSubmissions.id })
        .from(kycSubmissions)
        .where(
          and(eq(kycSubmissions.userId, userId), inArray(kycSubmissions.status, ['pending', 'approved'])),
        )
        .limit(1);
      return row !== undefined;
    },
  };
}
export type KycRepository = ReturnType<typeof createKycRepository>;
