import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emiTestApp, expectBalanced } from '../../../test/support/emi-api';
import { createLoan } from '../../../test/support/loans';
import { emiPayments, idempotencyKeys } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { runIdempotent } from '../../platform/idempotency';

const { t, cast, api } = await emiTestApp();

const collectedOf = async (loanId: number) => (await expectBalanced(t, loanId)).totals.collected;
const paymentRows = async (loanId: number) =>
  (await t.db.select().from(emiPayments).where(eq(emiPayments.loanId, loanId))).length;

describe('Idempotency-Key on money calls', () => {
  it('replays the first answer for the same key and body, and moves no money again', async () => {
    const { loan } = await createLoan(t.db, { customer: cast.customerA, totalEmiDays: 5 });
    const key = `pay-${loan.id}`;
    const body = { payment_type: 'partial', payment_amount: 100 };
    const first = await api.pay(cast.admin.headers, loan.id, 1, body, key);
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const repeat = await api.pay(cast.admin.headers, loan.id, 1, body, key);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.json()).toEqual(first.json());
    expect(await collectedOf(loan.id)).toBe(10_000);
    expect(await paymentRows(loan.id)).toBe(1);

    const other = await api.pay(cast.admin.headers, loan.id, 1, { ...body, payment_amount: 90 }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe('This Idempotency-Key was already used for a different request');
    // Keys are per user: another collector's same key is a request of its own (here refused: EMI paid).
    expect((await api.pay(cast.superadmin, loan.id, 1, body, key)).statusCode).toBe(409);

    const bounceKey = `bounce-${loan.id}`;
    const bounced = await api.bounce(cast.admin.headers, loan.id, 2, { late_charges: 30 }, bounceKey);
    const again = await api.bounce(cast.admin.headers, loan.id, 2, { late_charges: 30 }, bounceKey);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(bounced.json());
    const { totals } = await expectBalanced(t, loan.id);
    expect(totals.charges).toBe(200 + 3_000);
  });

  it('keeps no key for a refused first attempt, so its retry runs afresh', async () => {
    const { loan } = await createLoan(t.db, { customer: cast.customerA, totalEmiDays: 5 });
    const key = `retry-${loan.id}`;
    const refused = await api.clearAll(cast.admin.headers, loan.id, { amount: 5 }, key);
    expect(refused.statusCode).toBe(409);
    const rows = await t.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, cast.admin.user.id), eq(idempotencyKeys.key, key)));
    expect(rows).toEqual([]);
    await api.bounce(cast.admin.headers, loan.id, 1, { late_charges: 5 });
    const cleared = await api.clearAll(cast.admin.headers, loan.id, { amount: 5 }, key);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.headers['idempotent-replayed']).toBeUndefined();
  });

  it('answers one pay sent twice at once with one movement: a replay or a 409 while in flight', async () => {
    const { loan } = await createLoan(t.db, { customer: cast.customerA, totalEmiDays: 5 });
    const send = () => api.pay(cast.admin.headers, loan.id, 1, {}, `twice-${loan.id}`);
    const answers = await Promise.all([send(), send()]);
    const fresh = answers.filter((a) => a.statusCode === 200 && a.headers['idempotent-replayed'] !== 'true');
    expect(fresh).toHaveLength(1);
    for (const answer of answers.filter((a) => a !== fresh[0])) {
      if (answer.statusCode === 409) expect(answer.json().message).toMatch(/still being processed/);
      else expect(answer.headers['idempotent-replayed']).toBe('true');
    }
    expect(await collectedOf(loan.id)).toBe(12_000);
    expect(await paymentRows(loan.id)).toBe(1);
  });

  it('answers a repeat while the first still runs: 409 on PostgreSQL, a queued replay on PGlite', async () => {
    const claim = { key: 'in-flight', fingerprint: 'f' };
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered = () => {};
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const first = t.db.transaction((tx) =>
      runIdempotent(tx, cast.admin.user.id, claim, async () => {
        entered();
        await gate;
        return { status: 200, body: { ok: 1 } };
      }),
    );
    await inside;
    const second = t.db.transaction((tx) =>
      runIdempotent(tx, cast.admin.user.id, claim, async () => ({ status: 200, body: { ok: 2 } })),
    );
    if (t.databaseKind === 'postgres') {
      // The first request's transaction holds the key's advisory lock: the repeat is refused at once.
      await expect(second).rejects.toSatisfy((error) => error instanceof AppError && error.status === 409);
      release();
      expect(await first).toMatchObject({ body: { ok: 1 }, replayed: false });
    } else {
      // PGlite runs one transaction at a time: the repeat waits for the first, then replays its answer.
      release();
      expect(await first).toMatchObject({ body: { ok: 1 }, replayed: false });
      expect(await second).toMatchObject({ body: { ok: 1 }, replayed: true });
    }
    const third = await t.db.transaction((tx) =>
      runIdempotent(tx, cast.admin.user.id, claim, async () => ({ status: 200, body: { ok: 3 } })),
    );
    expect(third).toMatchObject({ body: { ok: 1 }, replayed: true });
  });
});

describe('two collectors paying one EMI at once', () => {
  it('lets exactly one through; the other gets 409 and one set of ledger rows is written', async () => {
    const { loan } = await createLoan(t.db, { customer: cast.customerA, totalEmiDays: 5 });
    const before = (await expectBalanced(t, loan.id)).entries.length;
    const answers = await Promise.all([
      api.pay(cast.admin.headers, loan.id, 1, { payment_type: 'full' }),
      api.pay(cast.agentA.headers, loan.id, 1, { payment_type: 'full', payment_mode: 'upi' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.statusCode === 409);
    expect(refused?.json().message).toBe('EMI 1 is already paid; it cannot be paid or bounced again.');
    const { entries, totals } = await expectBalanced(t, loan.id);
    expect(entries.length).toBe(before + 1);
    expect(totals.collected).toBe(12_000);
    expect(await paymentRows(loan.id)).toBe(1);
  });

  it('serialises a pay and a bounce of neighbouring EMIs: both land, the books balance', async () => {
    const { loan } = await createLoan(t.db, { customer: cast.customerA, totalEmiDays: 5 });
    const answers = await Promise.all([
      api.bounce(cast.admin.headers, loan.id, 1, { late_charges: 10 }),
      api.pay(cast.superadmin, loan.id, 2, {}),
      api.pay(cast.agentA.headers, loan.id, 3, { payment_type: 'partial', payment_amount: 60 }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    await expectBalanced(t, loan.id);
  });
});

describe('who may move money', () => {
  it('admins and superadmins everywhere, agents for their own customers only, borrowers never', async () => {
    const own = await createLoan(t.db, { customer: cast.customerA, totalEmiDays: 5 });
    const other = await createLoan(t.db, { customer: cast.customerB, totalEmiDays: 5 });
    const mine = await createLoan(t.db, { customer: cast.borrower.user, totalEmiDays: 5 });
    expect((await api.pay(cast.superadmin, other.loan.id, 1, {})).statusCode).toBe(200);
    expect((await api.pay(cast.admin.headers, other.loan.id, 2, {})).statusCode).toBe(200);
    expect((await api.pay(cast.agentA.headers, own.loan.id, 1, {})).statusCode).toBe(200);
    expect((await api.bounce(cast.agentA.headers, own.loan.id, 2, {})).statusCode).toBe(200);
    const outOfScope = await api.pay(cast.agentA.headers, other.loan.id, 3, {});
    expect(outOfScope.statusCode).toBe(404);
    expect((await api.bounce(cast.agentB.headers, own.loan.id, 3, {})).statusCode).toBe(404);
    expect((await api.pay(cast.borrower.headers, mine.loan.id, 1, {})).statusCode).toBe(403);
    expect((await api.bounce(cast.borrower.headers, mine.loan.id, 1, {})).statusCode).toBe(403);
    // Waivers and date corrections are admins'.
    expect((await api.clearAll(cast.agentA.headers, own.loan.id, { amount: 0.01 })).statusCode).toBe(403);
    expect((await api.clearEmi(cast.agentA.headers, 1, { amount: 1 })).statusCode).toBe(403);
    const date = await api.get(
      cast.agentA.headers,
      `/api/loans/update-payment-date?loanId=${own.loan.id}&emiKey=1&payment_date=2026-11-21`,
    );
    expect(date.statusCode).toBe(403);
    expect((await api.pay({}, own.loan.id, 3, {})).statusCode).toBe(401);
    expect(await collectedOf(other.loan.id)).toBe(24_000);
    expect(await collectedOf(mine.loan.id)).toBe(0);
  });
});
