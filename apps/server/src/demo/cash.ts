import { addDays, paiseToRupees } from '@lending/domain';
import { createCash } from '../modules/cash';
import type { AuthUser } from '../platform/access';
import type { AppDeps } from '../platform/deps';
import { auditOf, depsOn } from './days';

type CashCast = { superadmin: AuthUser; admin: AuthUser; agents: AuthUser[] };

/** What each agent did with their cash over the last four evenings (index 0 = four days ago). */
type Evening = { handover: 'all' | 'short' | 'excess' | 'none'; close: boolean };
const STORIES: Evening[][] = [
  // Hands everything in four days ago (short of a note), then nothing since: days of cash held, in red.
  [
    { handover: 'short', close: true },
    { handover: 'none', close: false },
    { handover: 'none', close: false },
    { handover: 'none', close: false },
  ],
  // Every evening, an excess the first; yesterday not yet handed in.
  [
    { handover: 'excess', close: true },
    { handover: 'all', close: true },
    { handover: 'all', close: true },
    { handover: 'none', close: false },
  ],
  // Hands in every evening; yesterday handed in but not closed.
  [
    { handover: 'all', close: true },
    { handover: 'all', close: true },
    { handover: 'all', close: true },
    { handover: 'all', close: false },
  ],
];
const EVENINGS = 4;

const DIFFERENCE = { all: 0, short: -5_000, excess: 2_000, none: 0 } as const;
const REASONS = {
  short: 'Short by one ₹50 note; the agent will bring it tomorrow',
  excess: 'Change the agent kept from the day before',
};

/**
 * The office's cash custody over the last four days (docs/cash.md): each agent hands their cash to
 * the admin in the evening (everything held by then), some with a shortfall or an excess, and days are
 * closed; the admin's own cash (foreclosures, refunds) goes to the superadmin. Through the service,
 * on the day it happened.
 */
export const seedDemoCash = async (deps: AppDeps, cast: CashCast): Promise<void> => {
  const today = deps.clock.today();
  for (let back = EVENINGS; back >= 1; back -= 1) {
    const day = addDays(today, -back);
    const cash = createCash(depsOn(deps, day, 590));
    const evening = (receiver: AuthUser) => ({ actor: receiver, audit: auditOf(receiver), claim: null });
    for (const [index, agent] of cast.agents.entries()) {
      const story = STORIES[index % STORIES.length]?.[EVENINGS - back];
      if (!story) continue;
      const held = await cash.heldAt(agent.id, day);
      if (story.handover !== 'none' && held > 0) {
        const received = held + DIFFERENCE[story.handover];
        await cash.handover(evening(cast.admin), {
          collector_id: agent.id,
          amount: paiseToRupees(held),
          received_amount: paiseToRupees(Math.max(0, received)),
          reason:
            story.handover === 'short' || story.handover === 'excess' ? REASONS[story.handover] : undefined,
          note: 'Evening handover at the branch',
        });
      }
      if (story.close) await cash.close(evening(cast.admin), { collector_id: agent.id });
    }
    const adminHeld = await cash.heldAt(cast.admin.id, day);
    if (back === EVENINGS && adminHeld > 0)
      await cash.handover(evening(cast.superadmin), {
        collector_id: cast.admin.id,
        amount: paiseToRupees(adminHeld),
        note: 'Foreclosure cash to the safe',
      });
  }
};
