/** The server's clock pinned to 2026-11-21 (Asia/Kolkata), as GET /clock answers. */
export const pinnedClock = (now = new Date().toISOString()) => ({
  body: { today: '2026-11-21', now, time_zone: 'Asia/Kolkata', pinned: true },
});

/** GET /loans/admin-dashboard of the portfolio the server's dashboard test builds (see its figures test). */
export const DASHBOARD_BOOK = {
  totalPrincipal: 16_200,
  amountRecovered: 1_660,
  principalRecovered: 1_500,
  interestEarned: 160,
  totalPenalties: 2,
  totalCollectedToday: 1_312,
  todaysEmisCount: 2,
  todaysUnpaidEmisCount: 2,
  todaysUnpaidEmisAmount: 190,
  allPendingEmisCount: 197,
  allPendingEmisAmount: 18_640,
  overdueEmisCount: 20,
  overdueEmisAmount: 2_350,
  averageAmountToBeCollectedToday: 95,
  monthlyLoanAmount: 6_200,
  monthlyLoanCount: 2,
};
